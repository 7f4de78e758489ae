import { eq } from 'drizzle-orm';
import type { TAccount } from '../../../core/account.schemas.ts';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/app-error.ts';

export async function getAccount(ctx: Ctx): Promise<TAccount> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor.userId));
  if (!user) throw notFound('Your account');
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    roles: ctx.actor.roles,
    twoFactorEnabled: Boolean(user.totpEnabledAt),
    createdAt: user.createdAt.toISOString(),
  };
}
