import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { notifications } from '../../db/schema/messages.ts';

/** Mark All as Read: every unread notification of the user. Returns how many changed. */
export async function markAllNotificationsRead(ctx: Ctx): Promise<{ updated: number }> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .update(notifications)
    .set({ readAt: now, updatedAt: now })
    .where(and(eq(notifications.userId, ctx.actor.userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}
