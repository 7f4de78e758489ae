import { ACCOUNT_LINK_MINUTES } from '../../../core/account-links.schemas.ts';
import { letter, systemSubject, type Letter, type Mail } from './frame.ts';

/** To the new address: the link that moves the account to it. */
export function emailChangeConfirmationMail(d: Letter & { link: string }): Mail {
  return {
    kind: 'email-change-confirm',
    subject: systemSubject(d.systemName, 'confirm your new email address'),
    text: letter(d.name, [
      `To use this address for your ${d.systemName} account, open this link within ${ACCOUNT_LINK_MINUTES['email-change'] / 60} hours:`,
      d.link,
      '',
      'Until then you keep signing in with your old address. If you did not ask for this, ignore this email.',
    ]),
  };
}
