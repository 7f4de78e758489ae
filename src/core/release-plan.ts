/**
 * The owner's release plan (issue 13 item 7) in words: pure helpers the server's plan and the page
 * share. The rules themselves live elsewhere (core/release.ts, core/proof-rules.ts,
 * server/access/policy.ts); this file only says them.
 */
import { dateInWords } from './delivery-rules.ts';
import { durationInWords } from './delivery-words.ts';
import { GRADUAL_STEP_DAYS, RELEASE_STEPS, type ReleaseCategory } from './release.ts';

export const RELEASE_CATEGORY_LABELS: Record<ReleaseCategory, string> = { documents: 'Documents', memories: 'Memories' };

/** When each release step opens, in words, relative to activation (core/release.ts's schedule). */
export function releaseStepWords(schedule: string, releaseDates: readonly string[]): { category: ReleaseCategory; when: string }[] {
  const dates = [...releaseDates].sort();
  return RELEASE_STEPS.map((category, i) => {
    if (schedule === 'gradual') {
      return { category, when: i === 0 ? 'At activation' : `${durationInWords(i * GRADUAL_STEP_DAYS)} after activation` };
    }
    if (schedule === 'specific_dates' && dates.length) {
      const date = dates[Math.min(i, dates.length - 1)]!;
      return { category, when: `On ${dateInWords(date)} (or at activation, if that comes later)` };
    }
    return { category, when: 'At activation' };
  });
}

/** "142 memories", "1 document". */
export function countWords(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? singular : plural}`;
}

/** 72 → '72 hours', 168 → 'One week', 24 → '24 hours'. */
export function hoursInWords(hours: number): string {
  return hours % 24 === 0 && hours >= 168 ? durationInWords(hours / 24) : countWords(hours, 'hour');
}
