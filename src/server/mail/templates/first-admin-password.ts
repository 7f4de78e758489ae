import { ACCOUNT_LINK_MINUTES } from '../../../core/account-links.schemas.ts';
import { letter, systemSubject, type Letter, type Mail } from './frame.ts';

/** `heirloom create-admin`: the first admin's set-password link (the password-reset link). */
export function firstAdminPasswordMail(d: Letter & { link: string }): Mail {
  return {
    kind: 'password-reset',
    subject: systemSubject(d.systemName, 'choose your admin password'),
    text: letter(d.name, [
      `You are an admin of ${d.systemName}. To choose your password, open this link within ${ACCOUNT_LINK_MINUTES['password-reset']} minutes:`,
      d.link,
      '',
      'The link works once. If it has expired, use "Forgot password" on the sign-in page.',
    ]),
  };
}
