import { ACCOUNT_LINK_MINUTES } from '../../../core/account-links.schemas.ts';
import { letter, systemSubject, type Letter, type Mail } from './frame.ts';

/** The link that verifies an account's current address; the reminder job sends it again. */
export function emailVerificationMail(d: Letter & { link: string; reminder?: boolean }): Mail {
  return {
    kind: d.reminder ? 'email-verify-reminder' : 'email-verify',
    subject: systemSubject(d.systemName, 'confirm your email address'),
    text: letter(d.name, [
      d.reminder
        ? `Your ${d.systemName} account's email address has not been confirmed yet. Confirming it makes sure password resets and important notices reach you.`
        : `Please confirm that this is the email address of your ${d.systemName} account.`,
      `Open this link within ${ACCOUNT_LINK_MINUTES['email-verify'] / (24 * 60)} days:`,
      d.link,
      '',
      'If you do not have an account with us, ignore this email.',
    ]),
  };
}
