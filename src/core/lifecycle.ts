/**
 * The estate lifecycle (PRODUCT.md §5) as one pure state machine. The server enforces it in one
 * module (src/server/modules/estate-lifecycle/transition-estate.ts): every status change goes
 * through `nextStatus`, and anything it refuses is a 409 naming the current state and the allowed
 * next ones.
 *
 *   planning ──report_submitted──▶ verification_pending ──proofs_verified──▶ activation_pending ──activated──▶ active
 *      ▲                                  │                                         │
 *      └────── report_withdrawn / proofs_rejected ◀──────────── report_withdrawn ───┘
 *
 * An incapacity report whose proofs are verified does not go towards activation: it puts the estate
 * in `incapacity` mode (temporary, read-only access for the people the owner chose; ADR 0048), which
 * ends only by going back to `planning` (the owner's "I'm back", a trustee or the estate
 * administrator). A death cannot be activated from incapacity mode: end it, then report the death.
 *
 *   verification_pending ──incapacity_verified──▶ incapacity ──incapacity_ended──▶ planning
 *
 * `active` is final but for one event: `activation_reversed` (active → planning), applied only when a
 * mistaken activation's review was proposed by the estate's administrator and approved by a
 * different platform admin (ADR 0075). Nothing else leaves `active`.
 */

export const ESTATE_STATUSES = ['planning', 'verification_pending', 'activation_pending', 'active', 'incapacity'] as const;
export type EstateStatus = (typeof ESTATE_STATUSES)[number];

export const ESTATE_EVENTS = [
  'report_submitted',
  'report_withdrawn',
  'proofs_rejected',
  'proofs_verified',
  'activated',
  'incapacity_verified',
  'incapacity_ended',
  'activation_reversed',
] as const;
export type EstateEvent = (typeof ESTATE_EVENTS)[number];

/** What each event means, in words a person reads (audit log, 409 messages). */
export const ESTATE_EVENT_LABELS: Record<EstateEvent, string> = {
  report_submitted: 'a death or incapacity was reported',
  report_withdrawn: 'the report was withdrawn',
  proofs_rejected: 'every proof was rejected',
  proofs_verified: 'every required document was verified',
  activated: 'the estate was activated',
  incapacity_verified: 'the medical documentation of an incapacity was verified',
  incapacity_ended: 'incapacity mode was ended',
  activation_reversed: 'a mistaken activation was reversed after a two-person review',
};

const TRANSITIONS: Record<EstateStatus, Partial<Record<EstateEvent, EstateStatus>>> = {
  planning: { report_submitted: 'verification_pending' },
  verification_pending: { report_withdrawn: 'planning', proofs_rejected: 'planning', proofs_verified: 'activation_pending', incapacity_verified: 'incapacity' },
  activation_pending: { report_withdrawn: 'planning', activated: 'active' },
  active: { activation_reversed: 'planning' },
  incapacity: { incapacity_ended: 'planning' },
};

export function isEstateStatus(value: string): value is EstateStatus {
  return (ESTATE_STATUSES as readonly string[]).includes(value);
}

/** The events allowed from a status, and where each leads. */
export function allowedEvents(from: EstateStatus): { event: EstateEvent; to: EstateStatus }[] {
  return Object.entries(TRANSITIONS[from]).map(([event, to]) => ({ event: event as EstateEvent, to: to! }));
}

export type Transition = { ok: true; from: EstateStatus; to: EstateStatus } | { ok: false; from: EstateStatus; allowed: EstateStatus[] };

/** Where `event` takes an estate in status `from`, or why it cannot happen. */
export function nextStatus(from: EstateStatus, event: EstateEvent): Transition {
  const to = TRANSITIONS[from][event];
  if (to) return { ok: true, from, to };
  return { ok: false, from, allowed: [...new Set(allowedEvents(from).map((a) => a.to))] };
}

/** The event that closes a report whose proofs were all verified: a death awaits activation, an incapacity starts incapacity mode. */
export function verifiedEventOf(reportEvent: string): EstateEvent {
  return reportEvent === 'incapacity' ? 'incapacity_verified' : 'proofs_verified';
}

/** True while the owner can still stop a release (a report may be withdrawn). */
export function ownerCanStillAct(status: EstateStatus): boolean {
  return status === 'verification_pending' || status === 'activation_pending';
}
