import { and, eq } from 'drizzle-orm';
import { proofTypeOfLabel, type ProofDocumentType, type TEstateAdminSettings, type TVerificationItem } from '../../../core/lifecycle.schemas.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateReports, verificationItems } from '../../db/schema/lifecycle.ts';
import { administers, administratorsOf } from '../../access/estate-roles.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { notify } from '../notifications/notify.ts';
import { getEstateAdminSettings, verificationRulesOf } from './estate-admin-settings.ts';
import { raiseAlert } from './raise-alert.ts';
import { proofLabel } from './report-view.ts';
import { announceTransition, applyTransition, type AppliedTransition } from './transition-estate.ts';
import { toVerificationItem, verificationRows } from './verification-view.ts';

/**
 * The documents a report needs verified before the estate awaits activation (ADR 0019): for a death,
 * the administrators' "required documents"; for an incapacity, medical documentation (plus a Power
 * of Attorney when they require one) — a death certificate cannot exist for a living person.
 */
export function requiredProofs(event: string, rules: Pick<TEstateAdminSettings, 'requiredDocuments'>): ProofDocumentType[] {
  const wanted = rules.requiredDocuments.flatMap((label) => proofTypeOfLabel(label) ?? []);
  if (event === 'incapacity') return ['medical', ...wanted.filter((t) => t === 'power_of_attorney')];
  return wanted.length ? wanted : ['death_certificate'];
}

async function findItem(ctx: Ctx, id: string) {
  const [item] = await ctx.db.select().from(verificationItems).where(eq(verificationItems.id, id));
  if (!item || !(await administers(ctx.db, ctx.actor.userId, item.estateId))) throw notFound('That verification item');
  // Four eyes: whoever reported the passing (or sent this proof) cannot also be the one to verify it.
  if (item.submittedBy === ctx.actor.userId) {
    throw forbidden('You sent this document, so another estate administrator must review it. Ask the owner’s support team to add one.');
  }
  return item;
}

async function view(ctx: Ctx, id: string): Promise<TVerificationItem> {
  const [row] = await verificationRows(ctx.db, eq(verificationItems.id, id), 1);
  const { verificationTimeout } = await getEstateAdminSettings(ctx);
  return toVerificationItem(row!, ctx.clock.now(), verificationTimeout);
}

/**
 * Approve or reject one pending proof (PRODUCT.md §5 step 2), only by an administrator of its estate
 * who did not send it themselves.
 * In one transaction with the estate row locked: the item is reviewed (a guarded UPDATE: reviewing
 * twice is a 409), then the report is judged — every required document verified → the estate
 * awaits activation; every proof rejected → back to planning. The reporter is told the outcome.
 */
export async function reviewVerification(ctx: Ctx, id: string, decision: { approve: true } | { approve: false; reason: string }): Promise<TVerificationItem> {
  const item = await findItem(ctx, id);
  const rules = await verificationRulesOf(ctx, await administratorsOf(ctx.db, item.estateId));
  const now = ctx.clock.now();
  const { report, applied } = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await db.select({ id: estates.id }).from(estates).where(eq(estates.id, item.estateId)).for('update');
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
    const verified = new Set(items.filter((i) => i.status === 'verified').map((i) => i.documentType));
    const allRejected = items.every((i) => i.status === 'rejected');
    let applied: AppliedTransition | null = null;
    let outcome: 'verified' | 'rejected' | null = null;
    if (requiredProofs(report.event, rules).every((t) => verified.has(t))) {
      applied = await applyTransition(db, ctx, item.estateId, 'proofs_verified');
      outcome = 'verified';
    } else if (allRejected) {
      applied = await applyTransition(db, ctx, item.estateId, 'proofs_rejected');
      outcome = 'rejected';
    }
    if (outcome) await db.update(estateReports).set({ status: outcome, resolvedAt: now }).where(eq(estateReports.id, report.id));
    return { report, applied };
  });

  const what = proofLabel(item.documentType);
  await audit(ctx, {
    action: decision.approve ? 'verification.approved' : 'verification.rejected',
    estateId: item.estateId,
    targetType: 'verification_item',
    targetId: id,
  });
  if (report.reportedBy) {
    await notify(ctx, {
      userId: report.reportedBy,
      type: 'estate',
      message: decision.approve
        ? `The ${what} you sent was verified by the estate administrator.`
        : `The ${what} you sent was not accepted by the estate administrator: ${decision.reason}`,
    });
  }
  if (applied) {
    await announceTransition(ctx, applied);
    if (applied.to === 'activation_pending') {
      await raiseAlert(ctx, {
        estateId: item.estateId,
        type: 'activation',
        priority: 'medium',
        message: `Every required document is verified: the estate awaits activation.`,
        dedupeKey: `activation-pending:${report.id}`,
      });
    }
  }
  return view(ctx, id);
}
