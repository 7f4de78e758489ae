import { eq } from 'drizzle-orm';
import { ESTATE_STATUS_LABELS } from '../../core/constants.ts';
import { ESTATE_EVENT_LABELS, isEstateStatus, nextStatus, ownerCanStillAct, type EstateEvent, type EstateStatus } from '../../core/lifecycle.ts';
import { releaseStepsDue } from '../../core/release.ts';
import type { BaseCtx } from '../context.ts';
import type { Db } from '../db/client.ts';
import { estates } from '../db/schema/estates.ts';
import { users } from '../db/schema/users.ts';
import { publish } from '../events/bus.ts';
import { conflict, notFound } from '../lib/app-error.ts';
import { audit } from '../lib/audit.ts';
import { estateReportToOwnerNotice, isReportStage } from '../mail/templates/estate-report-to-owner.ts';
import { signInUrl } from '../mail/templates/frame.ts';
import { assertQuorumReached, assertReleaseWindowOver } from './release-gates.ts';
import { notifyEstateStatusChanged } from '../notices/notify-estate-status.ts';
import { notify } from '../notices/notify.ts';
import { getSystemSettings } from '../settings/get-system-settings.ts';

export interface AppliedTransition {
  estateId: string;
  event: EstateEvent;
  from: EstateStatus;
  to: EstateStatus;
  /** When it happened: with the estate and event, the key of the mails it causes. */
  at: Date;
}

/** The owner's account's name and date of birth: what activation fixes as the deceased's. */
async function accountFacts(tx: Db, ownerId: string) {
  const [owner] = await tx.select({ deceasedName: users.name, deceasedDateOfBirth: users.dateOfBirth }).from(users).where(eq(users.id, ownerId));
  return owner ?? {};
}

const label = (status: EstateStatus) => ESTATE_STATUS_LABELS[status];

/**
 * The one place an estate's status changes (PRODUCT.md §5; the rules are core/lifecycle.ts). Inside
 * the caller's transaction: the estate row is locked, the event checked against its current status
 * (409 naming the status and the allowed next ones otherwise), and the status written — so two
 * requests at once cannot both move it. Activation also stamps activatedAt and the deceased's facts, runs the release steps
 * already due; what else a transition causes (letters' due times, the activation snapshot) hears
 * 'estate.transitioned' in the same transaction.
 * Call `announceTransition` in the same transaction.
 */
export async function applyTransition(tx: Db, ctx: BaseCtx, estateId: string, event: EstateEvent): Promise<AppliedTransition> {
  const [estate] = await tx.select().from(estates).where(eq(estates.id, estateId)).for('update');
  if (!estate) throw notFound('That estate');
  const from = isEstateStatus(estate.status) ? estate.status : 'planning';
  const step = nextStatus(from, event);
  if (!step.ok) {
    const next = step.allowed.length ? step.allowed.map(label).join(' or ') : 'no other state (it is final)';
    throw conflict(`This estate is ${label(from)}, so that cannot happen now (${ESTATE_EVENT_LABELS[event]}). From ${label(from)} it can go to ${next}.`);
  }
  const now = ctx.clock.now();
  // Release safeguards (ADR 0047): the trustee quorum before verification, the veto window before
  // anything is released. A verified incapacity releases at once (incapacity mode), so it needs both.
  if (event === 'proofs_verified' || event === 'incapacity_verified') await assertQuorumReached(tx, estateId);
  if (event === 'activated' || event === 'incapacity_verified') await assertReleaseWindowOver(tx, estateId, now);
  // The deceased's facts are fixed with the activation (ADR 0110) and let go with its reversal.
  const activation =
    step.to === 'active'
      ? { activatedAt: now, releaseStepsDone: releaseStepsDue(estate.releaseSchedule, now, estate.releaseDates, now), ...(await accountFacts(tx, estate.ownerId)) }
      : step.to === 'planning'
        ? { releaseStepsDone: 0, ...(from === 'active' ? { activatedAt: null, deceasedName: null, deceasedDateOfBirth: null } : {}) }
        : {};
  await tx
    .update(estates)
    .set({ status: step.to, updatedAt: now, ...activation })
    .where(eq(estates.id, estateId));
  const applied = { estateId, event, from, to: step.to, at: now };
  await publish({ ...ctx, db: tx }, 'estate.transitioned', { applied });
  return applied;
}

/**
 * In the transition's transaction (ctx from inMailTransaction, ADR 0077): audit it, tell the
 * beneficiaries (notifyEstateStatusChanged) once the proof is verified, and — while the owner can
 * still act — tell the owner in-app and by email how to stop it.
 */
export async function announceTransition(ctx: BaseCtx, applied: AppliedTransition): Promise<void> {
  await audit(ctx, {
    action: 'estate.status_changed',
    estateId: applied.estateId,
    targetType: 'estate',
    targetId: applied.estateId,
    details: { event: applied.event, from: applied.from, to: applied.to },
  });
  // A report is not news for the family until its proof is verified: a false report must not alarm
  // them. So beneficiaries hear from activation_pending on (and of a return to planning from there).
  const familyHears = applied.to === 'activation_pending' || applied.to === 'active' || applied.from === 'activation_pending';
  if (familyHears) await notifyEstateStatusChanged(ctx, applied.estateId);
  const [owner] = await ctx.db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(eq(estates.id, applied.estateId));
  if (!owner) return;
  if (ownerCanStillAct(applied.to) && isReportStage(applied.to)) {
    const { systemName } = await getSystemSettings(ctx.db);
    const url = signInUrl(ctx.config.publicUrl, '/estate-owner');
    const { inApp, mail } = estateReportToOwnerNotice({ systemName, name: owner.name, stage: applied.to, url });
    await notify(ctx, { userId: owner.id, type: 'security', message: inApp, link: '/estate-owner' });
    await ctx.mailer.send(
      { to: owner.email, ...mail },
      { db: ctx.db, idempotencyKey: `estate-status.${applied.estateId}.${applied.event}.${applied.at.getTime()}` },
    );
  }
}
