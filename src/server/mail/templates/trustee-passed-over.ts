import { notice, type Letter, type Notice } from './frame.ts';

/** A trustee's time to answer ran out: the next one in line was asked. */
export function trusteePassedOverNotice(d: Letter & { ownerName: string; url: string }): Notice {
  return notice(d, {
    kind: 'release-safeguards',
    about: `your time to answer about ${d.ownerName} has passed`,
    lines: [`Your time to confirm or deny the report about ${d.ownerName} has passed, so the next trustee in line was asked.`],
    url: d.url,
  });
}
