import type { BaseCtx, Ctx } from '../context.ts';
import type { estateReports } from '../db/schema/lifecycle.ts';
import type { AppliedTransition } from '../lifecycle/transition-estate.ts';
import type { IncapacityStep } from '../mail/templates/incapacity-mode.ts';

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
  /** A death or incapacity report is written, its transition announced; in the report's transaction. */
  'estate.reported': { report: typeof estateReports.$inferSelect };
  /** Incapacity mode ended (the transition is applied and announced); in its transaction. */
  'incapacity.ended': { estateId: string; step: Extract<IncapacityStep, { kind: 'ended' }>; at: Date };
  /** The owner is removing a beneficiary; in the removal's transaction, before the row goes. */
  'beneficiary.removing': { beneficiaryId: string; firstName: string };
  /** The owner changed a beneficiary's date of birth; in the edit's transaction. */
  'beneficiary.birthday-changed': { beneficiaryId: string };
}

export type EventName = keyof EventCatalogue;

/** Events a signed-in person's action publishes: their subscribers act for that person (ctx.actor is set). */
type ActedEvent = 'beneficiary.removing' | 'beneficiary.birthday-changed';

export type CtxOf<N extends EventName> = N extends ActedEvent ? Ctx : BaseCtx;
