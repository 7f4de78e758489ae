import { and, asc, eq, gte, inArray, isNull } from 'drizzle-orm';
import { isSent, type NotificationType } from '../../../core/notifications.schemas.ts';
import type { Deps } from '../../context.ts';
import { notifications } from '../../db/schema/messages.ts';
import { sendToUser } from './deliver.ts';
import { loadNotificationSettings } from './notification-settings.ts';

/** The sweep looks back this far; older unsent notifications are left in-app only. */
const LOOK_BACK_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * The every-minute sweep for "Immediately": sends the notifications notify() could not send on the
 * spot (created inside a transaction, or without a mailer) — still unread, not archived, not sent,
 * for users whose frequency is Immediately and whose settings send that type. Each is claimed
 * (guarded UPDATE) before sending, so overlapping runs never send one twice.
 */
export async function sendPendingNotifications(deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'config'>): Promise<{ notifications: number }> {
  const now = deps.clock.now();
  const pending = await deps.db
    .select()
    .from(notifications)
    .where(
      and(
        isNull(notifications.deliveredAt),
        isNull(notifications.readAt),
        isNull(notifications.archivedAt),
        gte(notifications.createdAt, new Date(now.getTime() - LOOK_BACK_MS)),
      ),
    )
    .orderBy(asc(notifications.createdAt))
    .limit(BATCH);
  let sent = 0;
  for (const userId of new Set(pending.map((n) => n.userId))) {
    const settings = await loadNotificationSettings(deps.db, userId);
    if (settings.frequency !== 'immediately') continue;
    const ids = pending.filter((n) => n.userId === userId && isSent(settings, n.type as NotificationType)).map((n) => n.id);
    if (!ids.length) continue;
    const claimed = await deps.db
      .update(notifications)
      .set({ deliveredAt: now })
      .where(and(inArray(notifications.id, ids), eq(notifications.userId, userId), isNull(notifications.deliveredAt)))
      .returning();
    claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const row of claimed) await sendToUser(deps, userId, settings.method, [row], 'notification');
    sent += claimed.length;
  }
  return { notifications: sent };
}
