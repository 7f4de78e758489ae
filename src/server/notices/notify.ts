import { PgTransaction } from 'drizzle-orm/pg-core';
import { isCreated, isSent, type NotificationType } from '../../core/notifications.schemas.ts';
import type { Deps } from '../context.ts';
import { afterCommit } from '../mail/mailer.ts';
import { notifications } from '../db/schema/messages.ts';
import { loadNotificationSettings } from './notification-settings.ts';
import { claimAndSend } from './pending.ts';

export type { NotificationType };

export interface NotifyInput {
  userId: string;
  type: NotificationType;
  /** What happened, in words the recipient reads ("Margaret shared a new memory: …"). */
  message: string;
  fromName?: string;
  /** In-app path the notification's View link opens. */
  link?: string;
  /**
   * false: in-app only, whatever the delivery settings (e.g. a planner who turned off emails for
   * new appointments). It is stored as already handled, so neither now nor a digest sends it.
   */
  send?: boolean;
}

/**
 * What notify needs: the database and clock always; the mailer and config to send at once
 * (a request's or a job's ctx has both). Without them the notification is only created in-app.
 */
export type NotifyDeps = Pick<Deps, 'db' | 'clock'> & Partial<Pick<Deps, 'mailer' | 'config'>>;

/**
 * The one way every event creates a notification.
 *
 * - The recipient's preferences decide whether it is created at all (new memories, document
 *   updates, new messages; estate and security notices always are).
 * - Their delivery settings decide how it is sent: with frequency "Immediately" it is emailed
 *   and/or texted now (method Email, SMS or both) and marked delivered; with "Daily digest" or
 *   "Weekly summary" it waits for the digest job (sendDigests). The "New content notifications"
 *   toggle off keeps memory/document notifications in-app only.
 * - It belongs to the change that causes it: called with that change's transaction (ctx from
 *   inMailTransaction, ADR 0077), so the notification commits with the change or not at all. It is
 *   sent once the transaction has committed; inside a transaction opened elsewhere, or after a
 *   crash before that, the every-minute sweep (sendPendingNotifications) sends it.
 * - Sending means: claim the row and queue its email in the outbox in one transaction, then send
 *   the outbox row (at once, or by the send-outbox job with retries): at least once, never lost.
 *
 * Returns the new notification's id, or null when the preferences said not to create it.
 */
export async function notify(deps: NotifyDeps, input: NotifyInput): Promise<string | null> {
  const settings = await loadNotificationSettings(deps.db, input.userId);
  if (!isCreated(settings, input.type)) return null;
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      message: input.message,
      fromName: input.fromName ?? '',
      link: input.link ?? null,
      deliveredAt: input.send === false ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) return null;

  const { mailer, config } = deps;
  if (input.send !== false && settings.frequency === 'immediately' && isSent(settings, input.type) && mailer && config) {
    // Claimed and queued in one transaction (a digest running at the same moment must not send it
    // too, and a crash in between must not lose it), then sent at once.
    const send = (db: NotifyDeps['db']) => claimAndSend({ db, clock: deps.clock, mailer, config }, { userId: input.userId, settings, since: now, ids: [row.id], kind: 'notification' });
    if (!(deps.db instanceof PgTransaction)) await send(deps.db);
    else afterCommit(deps.db, async (db) => void (await send(db)));
  }
  return row.id;
}

/** Notify several users of the same event (each by their own preferences). */
export async function notifyAll(deps: NotifyDeps, userIds: readonly string[], input: Omit<NotifyInput, 'userId'>): Promise<void> {
  for (const userId of new Set(userIds)) await notify(deps, { ...input, userId });
}
