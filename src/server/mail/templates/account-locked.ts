import { letter, systemSubject, type Letter, type Mail } from './frame.ts';

/** Too many failed sign-ins: the account is locked for the policy's lock period. */
export function accountLockedMail(d: Letter & { lockMinutes: number; maxFailures: number }): Mail {
  return {
    kind: 'account-locked',
    subject: systemSubject(d.systemName, `your account was locked for ${d.lockMinutes} minutes`),
    text: letter(d.name, [
      `There were ${d.maxFailures} failed attempts to sign in to your ${d.systemName} account, so it is locked for ${d.lockMinutes} minutes.`,
      'If this was you, wait and try again. If it was not, your password kept the account safe; consider changing it and turning on two-factor authentication.',
    ]),
  };
}
