/**
 * How an active estate releases its after-activation content (the owner's "content release
 * schedule", docs/decisions/0019-release-schedule.md). Content is released in steps, by category:
 * step 1 opens after-activation documents (the practical papers come first), step 2 memories.
 * (After-activation letters follow their own "N days after activation" rule.)
 *
 * - All at once: both steps at activation.
 * - Gradual release: step 1 at activation, step 2 one week later.
 * - On specific dates: step k on the owner's k-th date (dates before activation count as the
 *   activation day; with one date, everything opens on it; with none, at activation).
 */
export const RELEASE_STEPS = ['documents', 'memories'] as const;
export type ReleaseCategory = (typeof RELEASE_STEPS)[number];
export const GRADUAL_STEP_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The step whose release opens a category (1-based, compared with estates.release_steps_done). */
export const releaseStepOf = (category: ReleaseCategory): number => RELEASE_STEPS.indexOf(category) + 1;

/** When each step opens, for an estate activated at `activatedAt`. */
export function releaseStepTimes(schedule: string, activatedAt: Date, releaseDates: readonly string[]): Date[] {
  if (schedule === 'gradual') return RELEASE_STEPS.map((_, i) => new Date(activatedAt.getTime() + i * GRADUAL_STEP_DAYS * DAY_MS));
  if (schedule === 'specific_dates' && releaseDates.length) {
    const dates = [...releaseDates].sort().map((d) => new Date(`${d}T00:00:00Z`));
    return RELEASE_STEPS.map((_, i) => {
      const at = dates[Math.min(i, dates.length - 1)]!;
      return at < activatedAt ? activatedAt : at;
    });
  }
  return RELEASE_STEPS.map(() => activatedAt);
}

/** How many steps have opened by `now`. */
export function releaseStepsDue(schedule: string, activatedAt: Date, releaseDates: readonly string[], now: Date): number {
  return releaseStepTimes(schedule, activatedAt, releaseDates).filter((at) => at.getTime() <= now.getTime()).length;
}
