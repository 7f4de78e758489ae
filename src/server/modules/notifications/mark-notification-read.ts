import { and, eq, isNull } from 'drizzle-orm';
import type { TNotification } from '../../../core/notifications.schemas.ts';
import type { Ctx } from '../../context.ts';
import { notifications } from '../../db/schema/messages.ts';
import { notFound } from '../../lib/app-error.ts';
import { toNotification } from './list-notifications.ts';

/** Marks one of the user's notifications read (idempotent). Someone else's id is not found. */
export async function markNotificationRead(ctx: Ctx, id: string): Promise<TNotification> {
  const now = ctx.clock.now();
  const mine = and(eq(notifications.id, id), eq(notifications.userId, ctx.actor.userId));
  await ctx.db.update(notifications).set({ readAt: now, updatedAt: now }).where(and(mine, isNull(notifications.readAt)));
  const [row] = await ctx.db.select().from(notifications).where(mine);
  if (!row) throw notFound('That notification');
  return toNotification(row);
}
