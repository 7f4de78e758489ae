/**
 * Loved one status (wireframe §4): Active ('View Details') or Needs Attention ('Assist Now').
 * The rule is written down in docs/decisions/0022-planner-practice.md; keep both in step.
 * Pure: the server gathers the facts, this decides.
 */

/** Overall completion under this percentage needs the planner's help. */
export const NEEDS_ATTENTION_COMPLETION_BELOW = 40;
/** More than this many whole days since the owner's last sign-in (or since they joined, if never) needs a check-in. */
export const NEEDS_ATTENTION_INACTIVE_DAYS = 30;

export const LOVED_ONE_STATUSES = ['active', 'needs_attention'] as const;
export type LovedOneStatus = (typeof LOVED_ONE_STATUSES)[number];
export const LOVED_ONE_STATUS_LABELS: Record<LovedOneStatus, string> = { active: 'Active', needs_attention: 'Needs Attention' };

const DAY_MS = 24 * 60 * 60 * 1000;

export interface LovedOneFacts {
  /** overall completion, 0–100 (core/completion.ts) */
  completion: number;
  /** the owner's last sign-in; null when they never signed in */
  lastActiveAt: Date | null;
  /** when the owner's account was created */
  joinedAt: Date;
}

/** Needs Attention when completion is under 40% or the owner has been away more than 30 days; else Active. */
export function lovedOneStatus(facts: LovedOneFacts, now: Date): LovedOneStatus {
  if (facts.completion < NEEDS_ATTENTION_COMPLETION_BELOW) return 'needs_attention';
  const since = facts.lastActiveAt ?? facts.joinedAt;
  if (now.getTime() - since.getTime() > NEEDS_ATTENTION_INACTIVE_DAYS * DAY_MS) return 'needs_attention';
  return 'active';
}

/** The rounded mean of the clients' overall completion; null with no clients (shown in words, never NaN). */
export function averageCompletion(completions: readonly number[]): number | null {
  if (completions.length === 0) return null;
  return Math.round(completions.reduce((sum, c) => sum + c, 0) / completions.length);
}
