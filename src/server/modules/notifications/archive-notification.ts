import { and, eq } from 'drizzle-orm';
import type { TNotification } from '../../../core/notifications.schemas.ts';
import type { Ctx } from '../../context.ts';
import { notifications } from '../../db/schema/messages.ts';
import { notFound } from '../../lib/app-error.ts';
import { toNotification } from './list-notifications.ts';

/**
 * Archives one of the user's notifications (it leaves the list and the counters and stays in
 * Notification History), or brings it back with `archived: false`. Archiving also marks it read.
 */
export async function archiveNotification(ctx: Ctx, id: string, archived = true): Promise<TNotification> {
  const now = ctx.clock.now();
  const mine = and(eq(notifications.id, id), eq(notifications.userId, ctx.actor.userId));
  const [existing] = await ctx.db.select().from(notifications).where(mine);
  if (!existing) throw notFound('That notification');
  const [row] = await ctx.db
    .update(notifications)
    .set(archived ? { archivedAt: existing.archivedAt ?? now, readAt: existing.readAt ?? now, updatedAt: now } : { archivedAt: null, updatedAt: now })
    .where(mine)
    .returning();
  return toNotification(row!);
}
