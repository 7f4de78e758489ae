import { notice, type Letter, type Notice } from './frame.ts';

/** While the owner can still stop it: a report about them was made, or its documents were verified. */
export type ReportStage = 'verification_pending' | 'activation_pending';

const WORDS: Record<ReportStage, { about: string; lines: [string, ...string[]] }> = {
  verification_pending: {
    about: 'someone reported your passing or incapacity — sign in if this is not true',
    lines: [
      'Someone linked to your estate reported your passing or incapacity and sent documents as proof. Your estate administrator is now checking them.',
      'If this is not true, sign in and choose "Cancel this report" on your dashboard: the report is withdrawn and nothing is released.',
    ],
  },
  activation_pending: {
    about: 'the documents about you were verified — sign in if this is not true',
    lines: [
      'The documents reporting your passing or incapacity were verified. Your estate is now awaiting activation.',
      'If this is not true, sign in and choose "Cancel this report" on your dashboard before it is activated.',
    ],
  },
};

export const isReportStage = (status: string): status is ReportStage => Object.hasOwn(WORDS, status);

/** To the owner, how to stop a report about them (in-app and by email). */
export function estateReportToOwnerNotice(d: Letter & { stage: ReportStage; url: string }): Notice {
  return notice(d, { kind: 'estate-lifecycle', ...WORDS[d.stage], url: d.url });
}
