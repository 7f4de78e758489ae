import type { AppliedTransition } from '../lifecycle/transition-estate.ts';

/** A user who has just signed in, as sign-in read them. */
export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

/**
 * Every in-process event and what it carries. Subscribers (events/subscribers.ts) run in order,
 * awaited, with the publisher's ctx: inside its transaction when ctx.db is one.
 */
export interface EventCatalogue {
  /** The session and its audit row, in the sign-in's transaction. */
  'session.started': { user: SignedInUser };
  /**
   * After that transaction committed. `outcome` is filled in by the subscribers: the sign-in tells
   * the user when a pending account deletion was cancelled.
   */
  'user.signed-in': { user: SignedInUser; outcome: { deletionCancelled: boolean } };
  /** A proof review that moved the estate, after the transition is announced; in the review's transaction. */
  'verification.reviewed': { applied: AppliedTransition };
  /** The estate row is written; in the transition's transaction (ctx.db is it). */
  'estate.transitioned': { applied: AppliedTransition };
}

export type EventName = keyof EventCatalogue;
