import { letter, systemSubject, type Letter, type Mail } from './frame.ts';

/** After a reset link set a new password: every session ended. */
export function passwordWasResetMail(d: Letter & { at: Date; sessionsEnded: number }): Mail {
  return {
    kind: 'security',
    subject: systemSubject(d.systemName, 'your password was changed'),
    text: letter(d.name, [
      `The password of your ${d.systemName} account was reset through an emailed link on ${d.at.toUTCString()}.`,
      `Every signed-in session (${d.sessionsEnded}) was signed out.`,
      '',
      "If this wasn't you, ask for a new reset link at once from the sign-in page and contact support.",
    ]),
  };
}
