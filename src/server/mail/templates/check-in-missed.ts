import { letter, systemSubject, type Letter, type Mail } from './frame.ts';

/** To the owner who missed their check-in: nothing released, who was asked, and the link that answers. */
export function checkInMissedMail(d: Letter & { due: string; trusteesAsked: boolean; link: string }): Mail {
  return {
    kind: 'check-in-missed',
    subject: systemSubject(d.systemName, 'you missed your check-in'),
    text: letter(d.name, [
      `Your check-in was due ${d.due}. Nothing has been released; ${d.trusteesAsked ? 'your trustees were asked whether you are all right' : 'your estate administrator was told'}.`,
      "If you are well, open this link and press \"I'm here\" (or simply sign in):",
      d.link,
    ]),
  };
}
