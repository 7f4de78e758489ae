import { and, eq } from 'drizzle-orm';
import type { TVerificationItem } from '../../../core/lifecycle.schemas.ts';
import { verifiedEventOf } from '../../../core/lifecycle.ts';
import { reportOutcome, requiredProofs } from '../../../core/proof-rules.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateReports, verificationItems } from '../../db/schema/lifecycle.ts';
import { publish } from '../../events/bus.ts';
import { administers, administratorsOf } from '../../access/estate-roles.ts';
import { verifyRefusal } from '../../access/report-duties.ts';
import { lockEstate } from '../../lib/estate-lock.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { notify } from '../../notices/notify.ts';
import { loadEstateAdministratorSettings, verificationRulesOf } from '../../settings/estate-administrator-settings.ts';
import { raiseAlert } from '../../lifecycle/raise-alert.ts';
import { settleLeftoverProofs } from '../../lifecycle/leftover-proofs.ts';
import { proofLabel } from '../../lifecycle/report-view.ts';
import { announceTransition, applyTransition, type AppliedTransition } from '../../lifecycle/transition-estate.ts';
import { toVerificationItem, verificationRows } from '../../lifecycle/verification-view.ts';

async function findItem(ctx: Ctx, id: string) {
  const [item] = await ctx.db.select().from(verificationItems).where(eq(verificationItems.id, id));
  if (!item || !(await administers(ctx.db, ctx.actor.userId, item.estateId))) throw notFound('That verification item');
  return item;
}

/** Reporter ≠ trustee confirmer ≠ verifier (ADR 0076), asked in the review's transaction after lockEstate. */
async function refuseOtherDuty(db: Db, ctx: Ctx, item: typeof verificationItems.$inferSelect): Promise<void> {
  const [report] = await db.select({ id: estateReports.id, reportedBy: estateReports.reportedBy }).from(estateReports).where(eq(estateReports.id, item.reportId));
  const refusal = report ? await verifyRefusal(db, ctx.actor.userId, { ...item, report }) : null;
  if (refusal) throw forbidden(refusal);
}

async function view(ctx: Ctx, id: string): Promise<TVerificationItem> {
  const [row] = await verificationRows(ctx.db, eq(verificationItems.id, id), 1);
  const { verificationTimeout } = await loadEstateAdministratorSettings(ctx.db, ctx.actor.userId);
  const cannotReview = await verifyRefusal(ctx.db, ctx.actor.userId, { ...row!.item, report: row!.report });
  return toVerificationItem(row!, ctx.clock.now(), verificationTimeout, cannotReview);
}

/**
 * Approve or reject one pending proof (PRODUCT.md §5 step 2), only by an administrator of its estate
 * who did not send it, report it or confirm it as a trustee (checked with the estate row locked).
 * In one transaction with the estate row locked: the item is reviewed (a guarded UPDATE: reviewing
 * twice is a 409), then the report is judged (core/proof-rules.ts) — every required proof verified
 * → the estate awaits activation; a required proof with nothing verified and nothing waiting → back
 * to planning (the reporter may report again with better proof). The reporter is told the outcome,
 * in the same transaction.
 */
export async function reviewVerification(ctx: Ctx, id: string, decision: { approve: true } | { approve: false; reason: string }): Promise<TVerificationItem> {
  const item = await findItem(ctx, id);
  const rules = await verificationRulesOf(ctx, await administratorsOf(ctx.db, item.estateId));
  const now = ctx.clock.now();
  await inMailTransaction(ctx, async (tx) => {
    const db = tx.db;
    await lockEstate(db, item.estateId);
    await refuseOtherDuty(db, ctx, item);
    const [reviewed] = await db
      .update(verificationItems)
      .set({
        status: decision.approve ? 'verified' : 'rejected',
        reviewedBy: ctx.actor.userId,
        reviewedAt: now,
        rejectionReason: decision.approve ? null : decision.reason,
      })
      .where(and(eq(verificationItems.id, id), eq(verificationItems.status, 'pending')))
      .returning();
    if (!reviewed) throw conflict('This document was already reviewed (or its report was withdrawn).');
    const [report] = await db.select().from(estateReports).where(eq(estateReports.id, item.reportId));
    if (!report || report.status !== 'open') throw conflict('This report is no longer open.');
    const items = await db.select().from(verificationItems).where(eq(verificationItems.reportId, report.id));
    const outcome = reportOutcome(requiredProofs(report.event === 'incapacity' ? 'incapacity' : 'death', rules.requiredDocuments), items);
    let applied: AppliedTransition | null = null;
    if (outcome) {
      applied = await applyTransition(db, ctx, item.estateId, outcome === 'verified' ? verifiedEventOf(report.event) : 'proofs_rejected');
      await db.update(estateReports).set({ status: outcome, resolvedAt: now }).where(eq(estateReports.id, report.id));
      await settleLeftoverProofs(db, report.id, outcome, now);
      // The reported date of death is recorded once the proof of it is verified.
      if (outcome === 'verified' && report.event === 'death' && report.eventDate) {
        await db.update(estates).set({ dateOfDeath: report.eventDate }).where(eq(estates.id, item.estateId));
      }
    }
    await announceReview(tx, item, decision, report, applied);
  });
  return view(ctx, id);
}

/** In the review's transaction (ADR 0077): audited, the reporter told, the transition announced. */
async function announceReview(
  tx: Ctx,
  item: typeof verificationItems.$inferSelect,
  decision: { approve: true } | { approve: false; reason: string },
  report: typeof estateReports.$inferSelect,
  applied: AppliedTransition | null,
): Promise<void> {
  const what = proofLabel(item.documentType);
  await audit(tx, {
    action: decision.approve ? 'verification.approved' : 'verification.rejected',
    estateId: item.estateId,
    targetType: 'verification_item',
    targetId: item.id,
  });
  if (report.reportedBy) {
    await notify(tx, {
      userId: report.reportedBy,
      type: 'estate',
      message: decision.approve
        ? `The ${what} you sent was verified by the estate administrator.`
        : `The ${what} you sent was not accepted by the estate administrator: ${decision.reason}`,
    });
  }
  if (applied) {
    await announceTransition(tx, applied);
    await publish(tx, 'verification.reviewed', { applied });
    if (applied.to === 'activation_pending') {
      await raiseAlert(tx, {
        estateId: item.estateId,
        type: 'activation',
        priority: 'medium',
        message: `Every required document is verified: the estate awaits activation.`,
        dedupeKey: `activation-pending:${report.id}`,
      });
    }
  }
}
