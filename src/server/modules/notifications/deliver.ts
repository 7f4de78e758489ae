import { eq } from 'drizzle-orm';
import { NOTIFICATION_FREQUENCIES } from '../../../core/constants.ts';
import { sendsEmail, sendsSms, type NotificationMethod } from '../../../core/notifications.schemas.ts';
import type { Deps } from '../../context.ts';
import type { notifications } from '../../db/schema/messages.ts';
import { users } from '../../db/schema/users.ts';
import { getSystemSettings } from '../system-settings/get-system-settings.ts';
import { createSmsSender } from './sms.ts';

type NotificationRow = typeof notifications.$inferSelect;
export type DeliveryKind = 'notification' | 'digest';
type DeliverDeps = Pick<Deps, 'db' | 'mailer' | 'config'>;

const absolute = (config: DeliverDeps['config'], link: string | null) =>
  link ? new URL(link, config.publicUrl).toString() : new URL('/', config.publicUrl).toString();

/**
 * Sends already-claimed notifications to one user by their method: one email (through the mailer,
 * so it lands in the outbox and, with SMTP, in their mailbox) and/or one text message.
 * A digest bundles several notifications into one message.
 */
export async function sendToUser(
  deps: DeliverDeps,
  userId: string,
  method: NotificationMethod,
  rows: NotificationRow[],
  kind: DeliveryKind,
  frequency?: keyof typeof NOTIFICATION_FREQUENCIES,
): Promise<void> {
  if (!rows.length) return;
  const [user] = await deps.db.select({ email: users.email, phone: users.phone, name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const { systemName } = await getSystemSettings(deps.db);
  const first = rows[0]!;

  if (sendsEmail(method)) {
    const subject =
      kind === 'digest'
        ? `${systemName} ${NOTIFICATION_FREQUENCIES[frequency ?? 'daily'].toLowerCase()}: ${rows.length} new notification${rows.length === 1 ? '' : 's'}`
        : `${systemName}: ${first.message}`;
    const lines = rows.map((r) => `• ${r.message}${r.fromName ? ` (from ${r.fromName})` : ''}\n  ${absolute(deps.config, r.link)}`);
    const text = [
      `Hello ${user.name},`,
      '',
      kind === 'digest' ? 'Here is what happened since your last summary:' : 'You have a new notification:',
      '',
      ...lines,
      '',
      `You can change how and when ${systemName} notifies you in your account settings.`,
    ].join('\n');
    await deps.mailer.send({ to: user.email, subject: subject.slice(0, 200), text, kind: kind === 'digest' ? 'notification-digest' : 'notification' });
  }

  if (sendsSms(method) && user.phone) {
    const text =
      kind === 'digest'
        ? `${systemName}: ${rows.length} new notification${rows.length === 1 ? '' : 's'}. ${absolute(deps.config, '/')}`
        : `${systemName}: ${first.message} ${absolute(deps.config, first.link)}`;
    await createSmsSender(deps.config).send({ to: user.phone, text: text.slice(0, 320), kind });
  }
}
