import { NOTIFICATION_FREQUENCIES } from '../../../core/constants.ts';
import type { Letter, Mail } from './frame.ts';
import { notificationList, type NotificationItem } from './notification.ts';

/** The daily or weekly summary: every notification since the last one, in one mail. */
export function notificationDigestMail(d: Letter & { frequency: keyof typeof NOTIFICATION_FREQUENCIES; items: readonly NotificationItem[] }): Mail {
  const n = d.items.length;
  return {
    kind: 'notification-digest',
    subject: `${d.systemName} ${NOTIFICATION_FREQUENCIES[d.frequency].toLowerCase()}: ${n} new notification${n === 1 ? '' : 's'}`,
    text: notificationList(d, 'Here is what happened since your last summary:', d.items),
  };
}
