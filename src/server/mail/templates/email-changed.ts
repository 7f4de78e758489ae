import { letter, systemSubject, type Letter, type Mail } from './frame.ts';

/** To the old address, once the link moved the account to the new one. */
export function emailChangedMail(d: Letter & { at: Date; from: string; to: string }): Mail {
  return {
    kind: 'email-changed',
    subject: systemSubject(d.systemName, 'your email address was changed'),
    text: letter(d.name, [
      `On ${d.at.toUTCString()} the email address of your ${d.systemName} account was changed`,
      `from: ${d.from}`,
      `to:   ${d.to}`,
      '',
      'You now sign in with the new address, and this address gets no more mail about the account.',
      "If this wasn't you, reply to this email or contact support at once.",
    ]),
  };
}
