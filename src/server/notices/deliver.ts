import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { NOTIFICATION_FREQUENCIES } from '../../core/constants.ts';
import { sendsEmail, sendsSms, type NotificationMethod } from '../../core/notifications.schemas.ts';
import type { Deps } from '../context.ts';
import type { notifications } from '../db/schema/messages.ts';
import { users } from '../db/schema/users.ts';
import { notificationDigestMail } from '../mail/templates/notification-digest.ts';
import { notificationMail } from '../mail/templates/notification.ts';
import { getSystemSettings } from '../settings/get-system-settings.ts';
import { createSmsSender } from './sms.ts';

type NotificationRow = typeof notifications.$inferSelect;
export type DeliveryKind = 'notification' | 'digest';
type DeliverDeps = Pick<Deps, 'db' | 'mailer' | 'config'>;

const absolute = (config: DeliverDeps['config'], link: string | null) =>
  link ? new URL(link, config.publicUrl).toString() : new URL('/', config.publicUrl).toString();

/** The outbox key of a mail about these notifications: the same rows always give the same key. */
export function idempotencyKeyFor(kind: DeliveryKind, rows: readonly Pick<NotificationRow, 'id'>[], frequency?: string): string {
  if (kind === 'notification' && rows.length === 1) return `notification.${rows[0]!.id}`;
  const ids = rows.map((r) => r.id).sort();
  return `${kind}.${frequency ?? 'daily'}.${createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 40)}`;
}

/**
 * Queues already-claimed notifications to one user by their method: one email (written to the
 * outbox through the mailer, in the caller's transaction, keyed by the notification ids) and/or one
 * text message. A digest bundles several notifications into one message. Returns the outbox id
 * (null when there is no email, or the key was already queued); the caller sends it after commit.
 */
export async function sendToUser(
  deps: DeliverDeps,
  userId: string,
  method: NotificationMethod,
  rows: NotificationRow[],
  kind: DeliveryKind,
  frequency?: keyof typeof NOTIFICATION_FREQUENCIES,
): Promise<string | null> {
  if (!rows.length) return null;
  const [user] = await deps.db.select({ email: users.email, phone: users.phone, name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  const { systemName } = await getSystemSettings(deps.db);
  const first = rows[0]!;
  let mailId: string | null = null;

  if (sendsEmail(method)) {
    const items = rows.map((r) => ({ message: r.message, fromName: r.fromName, url: absolute(deps.config, r.link) }));
    const letter = { systemName, name: user.name };
    const mail =
      kind === 'digest'
        ? notificationDigestMail({ ...letter, frequency: frequency ?? 'daily', items })
        : notificationMail({ ...letter, type: first.type, items });
    mailId = await deps.mailer.send({ to: user.email, ...mail }, { db: deps.db, idempotencyKey: idempotencyKeyFor(kind, rows, frequency) });
  }

  if (sendsSms(method) && user.phone) {
    const text =
      kind === 'digest'
        ? `${systemName}: ${rows.length} new notification${rows.length === 1 ? '' : 's'}. ${absolute(deps.config, '/')}`
        : `${systemName}: ${first.message} ${absolute(deps.config, first.link)}`;
    await createSmsSender(deps.config).send({ to: user.phone, text: text.slice(0, 320), kind });
  }
  return mailId;
}
