/**
 * The release safeguards' fixed choices (issue 13). Shared by the server (which enforces them) and
 * the screens (which offer them).
 */

/** Check-in switch: months of inactivity the owner may choose (null = off, the default). */
export const CHECK_IN_MONTHS = [1, 3, 6, 12, 18] as const;
export type CheckInMonths = (typeof CHECK_IN_MONTHS)[number];

/** Veto window after any death or incapacity report: days the owner may choose. */
export const VETO_DAYS = [1, 2, 7, 14, 30] as const;
export type VetoDays = (typeof VETO_DAYS)[number];
export const DEFAULT_VETO_DAYS: VetoDays = 7;

/** How long a trustee has to answer before the next in line is asked. */
export const TRUSTEE_RESPONSE_HOURS = [24, 48, 72, 168] as const;
export type TrusteeResponseHours = (typeof TRUSTEE_RESPONSE_HOURS)[number];
export const DEFAULT_TRUSTEE_RESPONSE_HOURS: TrusteeResponseHours = 72;

/** At most this many trustees per estate. */
export const MAX_TRUSTEES = 10;

/** M of N: with no row, one confirmation (from the first trustee who answers) is asked for. */
export const DEFAULT_QUORUM = 1;

export interface ReleaseRules {
  vetoDays: number;
  quorumRequired: number;
  trusteeResponseHours: number;
}

export const DEFAULT_RELEASE_RULES: ReleaseRules = {
  vetoDays: DEFAULT_VETO_DAYS,
  quorumRequired: DEFAULT_QUORUM,
  trusteeResponseHours: DEFAULT_TRUSTEE_RESPONSE_HOURS,
};
