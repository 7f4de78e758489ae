import { ACCOUNT_LINK_MINUTES } from '../../../core/account-links.schemas.ts';
import { letter, systemSubject, type Letter, type Mail } from './frame.ts';

/** "Forgot password": the single-use link that sets a new one. */
export function passwordResetMail(d: Letter & { link: string }): Mail {
  return {
    kind: 'password-reset',
    subject: systemSubject(d.systemName, 'reset your password'),
    text: letter(d.name, [
      `Someone (we hope you) asked to reset the password of your ${d.systemName} account. To choose a new password, open this link within ${ACCOUNT_LINK_MINUTES['password-reset']} minutes:`,
      d.link,
      '',
      'The link works once. Setting a new password signs you out everywhere.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ]),
  };
}
