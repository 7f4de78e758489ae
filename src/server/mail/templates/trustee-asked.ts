import { notice, type Letter, type Notice } from './frame.ts';

/** A trustee's turn to confirm or deny a report about the owner, by a due time. */
export function trusteeAskedNotice(
  d: Letter & { ownerName: string; reporterName: string; relationship: string; what: 'passing' | 'incapacity'; dueAt: Date; url: string },
): Notice {
  const owner = d.ownerName;
  return notice(d, {
    kind: 'release-safeguards',
    about: `please confirm or deny the report about ${owner}`,
    lines: [
      `${d.reporterName} (${d.relationship}) reported ${owner}'s ${d.what}. As one of ${owner}'s trustees, please confirm or deny it by ${d.dueAt.toUTCString()}.`,
      'Nothing is checked or released until enough trustees have confirmed. If you do not answer in time, the next trustee in line is asked.',
    ],
    url: d.url,
  });
}
