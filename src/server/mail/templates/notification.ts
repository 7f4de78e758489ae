import type { NotificationType } from '../../../core/notifications.schemas.ts';
import { quotedName } from '../headers.ts';
import { letter, systemSubject, type Letter, type Mail } from './frame.ts';

/** One notification as a mail lists it: its message, who it is from (as they typed it), its link. */
export interface NotificationItem {
  message: string;
  fromName: string | null;
  url: string;
}

/**
 * The subject says what kind of notice it is and nothing anyone else typed: names and message
 * subjects are chosen by users, and in a subject line they could read as the sender ("Heirloom:
 * Heirloom Security: verify your account"). What happened, and from whom, is in the body.
 */
const SUBJECT_FOR_TYPE: Record<NotificationType, string> = {
  memory: 'a memory has been shared with you',
  document: 'a document has been shared with you',
  message: 'you have a new message',
  estate: 'news about an estate you belong to',
  security: 'a security notice about your account',
  activity: 'someone downloaded what you shared',
};

const subjectFor = (type: string) => SUBJECT_FOR_TYPE[type as NotificationType] ?? 'you have a new notification';

/** The body of a notification mail or a digest: the greeting, the intro, one item each, the footer. */
export function notificationList(d: Letter, intro: string, items: readonly NotificationItem[]): string {
  return letter(d.name, [
    intro,
    '',
    ...items.map((r) => `• ${r.message}${r.fromName ? ` (from ${quotedName(r.fromName)})` : ''}\n  ${r.url}`),
    '',
    `You can change how and when ${d.systemName} notifies you in your account settings.`,
  ]);
}

/** A notification sent at once (frequency "Immediately"); the subject names the kind of the first. */
export function notificationMail(d: Letter & { type: string; items: readonly NotificationItem[] }): Mail {
  return {
    kind: 'notification',
    subject: systemSubject(d.systemName, subjectFor(d.type)),
    text: notificationList(d, 'You have a new notification:', d.items),
  };
}
