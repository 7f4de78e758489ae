import { letter, systemSubject, type Letter, type Mail } from './frame.ts';

/** To the old address, at once: a move to another address was asked for. */
export function emailChangeRequestedMail(d: Letter & { at: Date; from: string; to: string }): Mail {
  return {
    kind: 'email-change-requested',
    subject: systemSubject(d.systemName, 'a change of your email address was requested'),
    text: letter(d.name, [
      `On ${d.at.toUTCString()} someone signed in to your ${d.systemName} account asked to change its email address`,
      `from: ${d.from}`,
      `to:   ${d.to}`,
      '',
      'Nothing changes until the link sent to the new address is followed.',
      "If this wasn't you, change your password now (or reset it from the sign-in page) and contact support.",
    ]),
  };
}
