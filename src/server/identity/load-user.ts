import { eq } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import { users } from '../db/schema/users.ts';
import { notFound } from '../lib/app-error.ts';

export type UserRow = typeof users.$inferSelect;

/** The signed-in user's own row. */
export async function loadActorUser(ctx: Ctx): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor.userId));
  if (!user) throw notFound('Your account');
  return user;
}
