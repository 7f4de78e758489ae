import { letter, type Letter, type Mail } from './frame.ts';

/** After the signed-in user changed their password: the other sessions ended. */
export function passwordChangedMail(d: Letter & { at: Date; otherSessionsEnded: number }): Mail {
  const ended = d.otherSessionsEnded;
  return {
    kind: 'security',
    subject: `Your ${d.systemName} password was changed`,
    text: letter(d.name, [
      `The password of your ${d.systemName} account was changed on ${d.at.toUTCString()}. ${
        ended ? `${ended} other signed-in ${ended === 1 ? 'session was' : 'sessions were'} signed out.` : ''
      }`,
      '',
      "If this wasn't you, reset your password now and contact support.",
    ]),
  };
}
