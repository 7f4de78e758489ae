import { notice, type Letter, type Notice } from './frame.ts';

/** The owner's daily reminder while a report about them runs, with the one-click cancel (veto) link. */
export function vetoReminderNotice(
  d: Letter & { reporterName: string; relationship: string; what: 'passing' | 'incapacity'; countdown: string; url: string },
): Notice {
  return notice(d, {
    kind: 'release-safeguards',
    about: `a report of your ${d.what} is waiting — cancel it if it is not true`,
    lines: [
      `${d.reporterName} (${d.relationship}) reported your ${d.what}. ${d.countdown}.`,
      'If this is not true, cancel the report with one click (this link works once, for 48 hours; no sign-in needed) or choose "Cancel this report" on your dashboard:',
    ],
    url: d.url,
  });
}
