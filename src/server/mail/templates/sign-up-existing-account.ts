import { letter, systemSubject, type Letter, type Mail } from './frame.ts';

/** Sign up, step 1, for an address that has an account: its owner is told, nothing changes. */
export function signUpExistingAccountMail(d: Letter & { signInUrl: string }): Mail {
  return {
    kind: 'sign-up-existing',
    subject: systemSubject(d.systemName, 'someone tried to create an account with your email address'),
    text: letter(d.name, [
      `Someone asked to create a new ${d.systemName} account with this email address, which already has an account.`,
      `If it was you, sign in here instead: ${d.signInUrl}`,
      'If it was not you, you can ignore this email: nothing was changed.',
    ]),
  };
}
