import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { isSent, notificationSettingsFrom, type DigestFrequency } from '../../../core/notifications.schemas.ts';
import type { Deps } from '../../context.ts';
import { notifications } from '../../db/schema/messages.ts';
import { userSettings } from '../../db/schema/users.ts';
import { sendToUser } from './deliver.ts';
import { NOTIFICATIONS_KEY } from './notification-settings.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DIGEST_PERIOD_MS: Record<DigestFrequency, number> = { daily: DAY_MS, weekly: 7 * DAY_MS };
/** A digest looks back two periods, so one missed run loses nothing and old backlogs are not mailed. */
const LOOK_BACK_PERIODS = 2;

/**
 * Sends one digest per user whose frequency is `frequency` ("Daily digest" / "Weekly summary"),
 * bundling their notifications that are still unread, not archived and not yet sent. Each user's
 * rows are claimed (delivered_at set with a guarded UPDATE) before sending, so two runs at once
 * never send the same notification twice. Returns counts for the job log.
 */
export async function sendDigests(
  deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'config'>,
  frequency: DigestFrequency,
): Promise<{ users: number; notifications: number }> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - LOOK_BACK_PERIODS * DIGEST_PERIOD_MS[frequency]);
  const candidates = await deps.db
    .selectDistinct({ userId: notifications.userId, data: userSettings.data })
    .from(notifications)
    .innerJoin(userSettings, eq(userSettings.userId, notifications.userId))
    .where(
      and(
        isNull(notifications.deliveredAt),
        isNull(notifications.readAt),
        isNull(notifications.archivedAt),
        gte(notifications.createdAt, since),
        sql`${userSettings.data} -> ${NOTIFICATIONS_KEY} ->> 'frequency' = ${frequency}`,
      ),
    );

  let usersSent = 0;
  let sent = 0;
  for (const candidate of candidates) {
    const settings = notificationSettingsFrom(candidate.data[NOTIFICATIONS_KEY]);
    if (settings.frequency !== frequency) continue;
    const pending = await deps.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, candidate.userId),
          isNull(notifications.deliveredAt),
          isNull(notifications.readAt),
          isNull(notifications.archivedAt),
          gte(notifications.createdAt, since),
        ),
      )
      .orderBy(asc(notifications.createdAt));
    const ids = pending.filter((n) => isSent(settings, n.type as Parameters<typeof isSent>[1])).map((n) => n.id);
    if (!ids.length) continue;
    const claimed = await deps.db
      .update(notifications)
      .set({ deliveredAt: now })
      .where(and(inArray(notifications.id, ids), isNull(notifications.deliveredAt)))
      .returning();
    if (!claimed.length) continue;
    claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    await sendToUser(deps, candidate.userId, settings.method, claimed, 'digest', frequency);
    usersSent++;
    sent += claimed.length;
  }
  return { users: usersSent, notifications: sent };
}
