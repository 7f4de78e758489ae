import { letter, systemSubject, type Mail } from './frame.ts';

/** To an address someone asked to move their account to, which already has an account: no link. */
export function emailChangeTakenMail(d: { systemName: string }): Mail {
  return {
    kind: 'email-change-taken',
    subject: systemSubject(d.systemName, 'someone asked to use this address for another account'),
    text: letter(null, [
      `Someone asked to move a ${d.systemName} account to this email address, which already belongs to an account. Nothing was changed.`,
      'If it was you, use a different address, or sign in to your existing account instead.',
    ]),
  };
}
