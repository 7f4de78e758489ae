import type { ExecutorPosition } from '../../../core/executors.schemas.ts';
import { notice, type Letter, type Notice } from './frame.ts';

/** "You were named executor" (or deputy): what it will mean, and that there is nothing to do now. */
export function executorNamedNotice(d: Letter & { ownerName: string; position: ExecutorPosition; url: string }): Notice {
  const owner = d.ownerName;
  const role = d.position === 'executor' ? 'executor' : 'deputy executor';
  return notice(d, {
    kind: 'executor',
    about: `${owner} named you their ${role}`,
    lines: [
      `${owner} named you their ${role} in Heirloom.`,
      d.position === 'executor'
        ? `After ${owner}'s passing is confirmed, you will work through their estate here: their accounts and what they asked to be done with each. Others they share with can follow your progress.`
        : `After ${owner}'s passing is confirmed, you can act in their executor's place: working through their accounts and what they asked to be done with each.`,
      'There is nothing to do now.',
    ],
    url: d.url,
  });
}
