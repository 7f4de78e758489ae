import { notificationSettingsFrom, type DigestFrequency } from '../../core/notifications.schemas.ts';
import type { Deps } from '../context.ts';
import { NOTIFICATIONS_KEY } from './notification-settings.ts';
import { claimAndSend, eachUserWithPending } from './pending.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DIGEST_PERIOD_MS: Record<DigestFrequency, number> = { daily: DAY_MS, weekly: 7 * DAY_MS };
/** A digest looks back two periods, so one missed run loses nothing and old backlogs are not mailed. */
const LOOK_BACK_PERIODS = 2;

/**
 * Sends one digest per user whose frequency is `frequency` ("Daily digest" / "Weekly summary"),
 * bundling their notifications that are still unread, not archived and not yet sent. Each user's
 * rows are claimed and the digest queued in one transaction (claimAndSend), so two runs at once
 * never send the same notification twice and a crash in between loses nothing. Returns counts for
 * the job log.
 */
export async function sendDigests(
  deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'config'>,
  frequency: DigestFrequency,
): Promise<{ users: number; notifications: number }> {
  const since = new Date(deps.clock.now().getTime() - LOOK_BACK_PERIODS * DIGEST_PERIOD_MS[frequency]);
  let usersSent = 0;
  let sent = 0;
  for await (const candidate of eachUserWithPending(deps.db, { frequency, since })) {
    const settings = notificationSettingsFrom(candidate.data?.[NOTIFICATIONS_KEY]);
    if (settings.frequency !== frequency) continue;
    const claimed = await claimAndSend(deps, { userId: candidate.userId, settings, since, kind: 'digest', frequency });
    if (!claimed) continue;
    usersSent++;
    sent += claimed;
  }
  return { users: usersSent, notifications: sent };
}
