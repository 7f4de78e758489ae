import { letter, systemSubject, type Letter, type Mail } from './frame.ts';

/** To each trustee when the owner missed their check-in: "Is <owner> all right?", answered on a page. */
export function checkInQuestionMail(d: Letter & { ownerName: string; due: string; link: string }): Mail {
  return {
    kind: 'check-in-question',
    subject: systemSubject(d.systemName, `is ${d.ownerName} all right?`),
    text: letter(d.name, [
      `${d.ownerName} named you as a trustee. They asked ${d.systemName} to check on them, and they have not checked in`,
      `since their check-in was due (${d.due}). Nothing has been released.`,
      '',
      'Please let us know whether they are all right, after signing in:',
      d.link,
    ]),
  };
}
