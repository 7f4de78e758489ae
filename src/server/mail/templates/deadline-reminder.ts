import { notice, type Letter, type Notice } from './frame.ts';

/**
 * "A deadline is coming up" for those who settle an estate (ADR 0104): what, when, and for a rule its
 * official source and that it is guidance, not legal advice. The deadline's title is typed text (the
 * executor's own, or the rules file's): never in the subject.
 */
export function deadlineReminderNotice(
  d: Letter & { ownerName: string; title: string; dueOn: string; inDays: number; sourceUrl: string | null; url: string },
): Notice {
  const when = d.inDays === 0 ? 'today' : d.inDays === 1 ? 'tomorrow' : `in ${d.inDays} days`;
  return notice(d, {
    kind: 'deadline-reminder',
    about: 'A settlement deadline is coming up',
    lines: [
      `Due ${when} (${d.dueOn}) for ${d.ownerName}’s estate: ${d.title}.`,
      ...(d.sourceUrl ? [`Official source: ${d.sourceUrl}`, 'This date is guidance, not legal advice: check it with the official source or a professional.'] : []),
      'Mark it done in Heirloom once it is dealt with, so the others settling the estate know.',
    ],
    url: d.url,
  });
}
