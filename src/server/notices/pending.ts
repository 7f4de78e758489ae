import { and, asc, eq, gt, gte, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  NOTIFICATION_TYPES,
  isSent,
  type DigestFrequency,
  type NotificationFrequency,
  type TNotificationSettings,
} from '../../core/notifications.schemas.ts';
import type { Deps } from '../context.ts';
import type { Db } from '../db/client.ts';
import { inMailTransaction } from '../mail/mailer.ts';
import { notifications } from '../db/schema/messages.ts';
import { userSettings } from '../db/schema/users.ts';
import { sendToUser, type DeliveryKind } from './deliver.ts';
import { NOTIFICATIONS_KEY } from './notification-settings.ts';

const DIGEST_FREQUENCIES: DigestFrequency[] = ['daily', 'weekly'];
/** Users read per page by the sweeps (keyset on user id). */
const USER_PAGE = 200;
/** One claim takes at most this many of a user's notifications (the next run takes the rest). */
const CLAIM_CAP = 200;

/**
 * The one definition of a notification still waiting to be sent: not delivered, not read, not
 * archived, and created since `since` (older ones stay in the app only). The sweeps find users with
 * it, and the claim re-checks it, so a notification read in the meantime is not mailed.
 */
export function pendingSince(since: Date): SQL {
  return and(isNull(notifications.deliveredAt), isNull(notifications.readAt), isNull(notifications.archivedAt), gte(notifications.createdAt, since))!;
}

/**
 * Users with pending notifications whose stored frequency is `frequency` (no stored frequency is
 * "Immediately"), with their settings blob: one page, by user id after `afterUserId`.
 */
export async function usersWithPending(
  db: Db,
  query: { frequency: NotificationFrequency; since: Date; afterUserId?: string | undefined },
): Promise<{ userId: string; data: Record<string, unknown> | null }[]> {
  const stored = sql<string>`coalesce(${userSettings.data} -> ${NOTIFICATIONS_KEY} ->> 'frequency', '')`;
  return db
    .selectDistinct({ userId: notifications.userId, data: userSettings.data })
    .from(notifications)
    .leftJoin(userSettings, eq(userSettings.userId, notifications.userId))
    .where(
      and(
        pendingSince(query.since),
        query.frequency === 'immediately' ? notInArray(stored, DIGEST_FREQUENCIES) : eq(stored, query.frequency),
        query.afterUserId ? gt(notifications.userId, query.afterUserId) : undefined,
      ),
    )
    .orderBy(asc(notifications.userId))
    .limit(USER_PAGE);
}

/** Every page of usersWithPending, in order. */
export async function* eachUserWithPending(db: Db, query: { frequency: NotificationFrequency; since: Date }) {
  let afterUserId: string | undefined;
  for (;;) {
    const page = await usersWithPending(db, { ...query, afterUserId });
    yield* page;
    if (page.length < USER_PAGE) return;
    afterUserId = page.at(-1)!.userId;
  }
}

export interface ClaimRequest {
  userId: string;
  settings: TNotificationSettings;
  since: Date;
  /** Only these notifications (notify's own); else every pending one the settings send. */
  ids?: string[];
  /** notification: one email/text per notification; digest: one for all of them. */
  kind: DeliveryKind;
  frequency?: DigestFrequency;
}

type ClaimDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'config'>;

/**
 * Claim a user's pending notifications and queue what tells them, in ONE transaction: the claim
 * (delivered_at set with a guarded UPDATE, so overlapping runs never both take a row) and the
 * outbox row (keyed by the notification ids, so it exists once) commit together or not at all. A
 * crash before the commit leaves the notifications pending for the next run; after it, the outbox
 * holds the mail and the send-outbox job sends it. SMS (a local log, no outbox) is written last
 * inside the transaction: at least once. After the commit the mail is sent at once when it can be
 * (inMailTransaction).
 * Returns how many notifications were claimed.
 */
export async function claimAndSend(deps: ClaimDeps, request: ClaimRequest): Promise<number> {
  const sendable = NOTIFICATION_TYPES.filter((type) => isSent(request.settings, type));
  if (request.ids?.length === 0) return 0;
  const now = deps.clock.now();
  return inMailTransaction(deps, async (tx) => {
    const guard = and(
      eq(notifications.userId, request.userId),
      pendingSince(request.since),
      inArray(notifications.type, sendable),
      request.ids ? inArray(notifications.id, request.ids) : undefined,
    );
    const oldest = tx.db.select({ id: notifications.id }).from(notifications).where(guard).orderBy(asc(notifications.createdAt)).limit(CLAIM_CAP);
    const rows = await tx.db
      .update(notifications)
      .set({ deliveredAt: now })
      .where(and(inArray(notifications.id, oldest), guard))
      .returning();
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    if (request.kind === 'digest') {
      if (rows.length) await sendToUser(tx, request.userId, request.settings.method, rows, 'digest', request.frequency);
    } else {
      for (const row of rows) await sendToUser(tx, request.userId, request.settings.method, [row], 'notification');
    }
    return rows.length;
  });
}
