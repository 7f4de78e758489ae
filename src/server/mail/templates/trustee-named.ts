import { notice, type Letter, type Notice } from './frame.ts';

/** "You were named a trustee" (or the yearly reminder that they still are): what may be asked of them. */
export function trusteeNamedNotice(d: Letter & { ownerName: string; yearly: boolean; url: string }): Notice {
  const owner = d.ownerName;
  return notice(d, {
    kind: 'release-safeguards',
    about: d.yearly ? `you are still one of ${owner}'s trustees` : `${owner} named you a trustee`,
    lines: [
      d.yearly ? `A yearly reminder: you are still one of ${owner}'s trustees.` : `${owner} named you one of their trustees.`,
      `If someone ever reports ${owner}'s passing or incapacity, you may be asked to confirm or deny it before anything is checked or released. You will have a set time to answer; if you do not, the next trustee in line is asked.`,
      'There is nothing to do now.',
    ],
    url: d.url,
  });
}
