import { notificationSettingsFrom } from '../../core/notifications.schemas.ts';
import type { Deps } from '../context.ts';
import { NOTIFICATIONS_KEY } from './notification-settings.ts';
import { claimAndSend, eachUserWithPending } from './pending.ts';

/** The sweep looks back this far; older unsent notifications are left in-app only. */
const LOOK_BACK_MS = 24 * 60 * 60 * 1000;

/**
 * The every-minute sweep for "Immediately": sends the notifications notify() could not send on the
 * spot (created inside a transaction, or without a mailer, or whose sender died before committing)
 * — still unread, not archived, not sent, for users whose frequency is Immediately and whose
 * settings send that type. Each user's are claimed and their mail queued in one transaction
 * (claimAndSend), so overlapping runs never send one twice and a crash never loses one.
 */
export async function sendPendingNotifications(deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'config'>): Promise<{ notifications: number }> {
  const since = new Date(deps.clock.now().getTime() - LOOK_BACK_MS);
  let sent = 0;
  for await (const candidate of eachUserWithPending(deps.db, { frequency: 'immediately', since })) {
    const settings = notificationSettingsFrom(candidate.data?.[NOTIFICATIONS_KEY]);
    if (settings.frequency !== 'immediately') continue;
    sent += await claimAndSend(deps, { userId: candidate.userId, settings, since, kind: 'notification' });
  }
  return { notifications: sent };
}
