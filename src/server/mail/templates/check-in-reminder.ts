import type { CheckInStage } from '../../../core/check-in.ts';
import { letter, systemSubject, type Letter, type Mail } from './frame.ts';

export type ReminderStage = Exclude<CheckInStage, 'missed'>;
/** How far off the due time is, by the reminder's stage (also in the in-app notice). */
export const DUE_AHEAD: Record<ReminderStage, string> = { month: 'in a month', week: 'in a week', day: 'tomorrow' };

/** A check-in reminder a month, a week or a day before it is due, with its one-click link. */
export function checkInReminderMail(d: Letter & { stage: ReminderStage; due: string; link: string }): Mail {
  const ahead = DUE_AHEAD[d.stage];
  return {
    kind: 'check-in-reminder',
    subject: systemSubject(d.systemName, `your check-in is due ${ahead}`),
    text: letter(d.name, [
      `You asked ${d.systemName} to check on you. Your next check-in is due ${ahead}: by ${d.due}.`,
      "If you are well, open this link and press \"I'm here\" (or simply sign in):",
      d.link,
      '',
      'If you do not check in by then, nothing is released: your trustees are asked whether you are all right,',
      'and your estate administrator is told. You can pause the check-in on Account Settings while you travel.',
    ]),
  };
}
