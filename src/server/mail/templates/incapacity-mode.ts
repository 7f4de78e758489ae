import { notice, type Letter, type Notice } from './frame.ts';

export type IncapacityStep = { kind: 'started' } | { kind: 'ended'; by: 'owner' | 'trustee' | 'administrator'; byName: string };

/** Whom it greets, which step it tells of, and the sign-in link that opens the right page. */
export type IncapacityLetter = Letter & { step: IncapacityStep; url: string };

const words = (d: IncapacityLetter, lines: [string, ...string[]]) =>
  notice(d, { kind: 'incapacity', about: d.step.kind === 'started' ? 'incapacity mode has started' : 'incapacity mode has ended', lines, url: d.url });

/** Incapacity mode started or ended: to the owner. */
export function incapacityOwnerNotice(d: IncapacityLetter): Notice {
  const { step } = d;
  if (step.kind === 'started') {
    return words(d, [
      'Medical documentation of your incapacity was verified: your estate is now in incapacity mode. The people you chose can read the categories you chose for them, read-only. Nothing marked for after your death is released, and no letter is delivered.',
      'When you are well again, sign in and choose "I\'m back" on your dashboard: everything returns to how it was.',
    ]);
  }
  const who = step.by === 'owner' ? 'You' : `${step.byName} (${step.by === 'trustee' ? 'one of your trustees' : 'your estate administrator'})`;
  return words(d, [`${who} ended incapacity mode: your estate is back in planning, and the temporary access is closed.`]);
}

/** Incapacity mode started or ended: to each person the owner chose for it. */
export function incapacityGranteeNotice(d: IncapacityLetter & { ownerName: string }): Notice {
  const owner = d.ownerName;
  if (d.step.kind === 'started') {
    return words(d, [
      `${owner} is unable to manage their affairs for now, and chose you to have temporary, read-only access to some of their estate while this lasts.`,
      'Sign in to see it. It ends when they are back.',
    ]);
  }
  return words(d, [`${owner}'s estate is back in planning: the temporary access ${owner} gave you for incapacity mode has ended.`]);
}
