import { SIGN_UP_LINK_HOURS } from '../../../core/auth.schemas.ts';
import { letter, systemSubject, type Mail } from './frame.ts';

/** Sign up, step 1, for a new address: the link that creates the account. It greets no one by name: whoever asked may not own the address. */
export function signUpConfirmationMail(d: { systemName: string; link: string }): Mail {
  return {
    kind: 'sign-up-confirm',
    subject: systemSubject(d.systemName, 'confirm your email address to create your account'),
    text: letter(null, [
      `To finish creating your ${d.systemName} account, open this link within ${SIGN_UP_LINK_HOURS} hours:`,
      d.link,
      '',
      'If you did not ask for an account, ignore this email and nothing will be created.',
    ]),
  };
}
