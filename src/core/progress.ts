import { PROGRESS_THRESHOLDS } from './constants.ts';

export type ProgressColour = 'green' | 'yellow' | 'red';

/** 70% or more green; 40 to under 70 yellow; under 40 red (wireframe §4, §9). */
export function progressColour(percent: number): ProgressColour {
  if (percent >= PROGRESS_THRESHOLDS.green) return 'green';
  if (percent >= PROGRESS_THRESHOLDS.yellow) return 'yellow';
  return 'red';
}

export function clampPercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.round(percent)));
}
