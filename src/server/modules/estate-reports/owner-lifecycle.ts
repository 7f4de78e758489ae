import { and, desc, eq, inArray } from 'drizzle-orm';
import type { TOwnerLifecycle } from '../../../core/lifecycle.schemas.ts';
import { isEstateStatus, ownerCanStillAct } from '../../../core/lifecycle.ts';
import type { BaseCtx, Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateReports } from '../../db/schema/lifecycle.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { notify } from '../../notices/notify.ts';
import { raiseAlert } from '../../lifecycle/raise-alert.ts';
import { settleLeftoverProofs } from '../verifications/leftover-proofs.ts';
import { reportView } from './report-view.ts';
import { announceTransition, applyTransition } from '../../lifecycle/transition-estate.ts';

/** A report the owner may still withdraw: being verified, or verified while the estate awaits activation. */
const WITHDRAWABLE = ['open', 'verified'];

/** The owner's view: their estate's status and the report they may still cancel, if any. */
export async function getOwnerLifecycle(ctx: Ctx): Promise<TOwnerLifecycle> {
  const estateId = ownEstateId(ctx, 'Your estate');
  const [estate] = await ctx.db.select({ status: estates.status }).from(estates).where(eq(estates.id, estateId));
  if (!estate) throw notFound('Your estate');
  const status = isEstateStatus(estate.status) ? estate.status : 'planning';
  // Open while its proofs are checked, verified while the estate awaits activation: cancellable until active.
  const [open] = ownerCanStillAct(status)
    ? await ctx.db
        .select()
        .from(estateReports)
        .where(and(eq(estateReports.estateId, estateId), inArray(estateReports.status, WITHDRAWABLE)))
        .orderBy(desc(estateReports.createdAt))
        .limit(1)
    : [];
  return { status, openReport: open ? await reportView(ctx.db, open, ctx.clock.now()) : null };
}

/**
 * The owner cancels a report about them (a false report must never release anything): the report is
 * withdrawn, its pending proofs settled as not needed, and the estate goes back to planning — allowed until it is
 * active (the transition refuses it then, and the whole withdrawal rolls back). The reporter and the estate's administrators are told,
 * in the same transaction (ADR 0077).
 */
export async function withdrawReport(ctx: Ctx, reportId: string): Promise<TOwnerLifecycle> {
  const estateId = ownEstateId(ctx, 'That report');
  await withdrawOwnersReport(ctx, { id: ctx.actor.userId, name: ctx.actor.name, estateId }, reportId);
  return getOwnerLifecycle(ctx);
}

/** The withdrawal itself, for the signed-in owner or the owner's emailed single-use cancel link (release-safeguards/veto-links.ts). */
export async function withdrawOwnersReport(ctx: BaseCtx, owner: { id: string; name: string; estateId: string }, reportId: string): Promise<void> {
  const estateId = owner.estateId;
  const now = ctx.clock.now();
  await inMailTransaction(ctx, async (tx) => {
    const db = tx.db;
    // The estate row first, as every lifecycle change takes its locks (no deadlock with a review).
    await db.select({ id: estates.id }).from(estates).where(eq(estates.id, estateId)).for('update');
    const [report] = await db
      .update(estateReports)
      .set({ status: 'withdrawn', resolvedAt: now })
      .where(and(eq(estateReports.id, reportId), eq(estateReports.estateId, estateId), inArray(estateReports.status, WITHDRAWABLE)))
      .returning();
    if (!report) {
      const [exists] = await db.select({ id: estateReports.id }).from(estateReports).where(and(eq(estateReports.id, reportId), eq(estateReports.estateId, estateId)));
      if (!exists) throw notFound('That report');
      throw conflict('This report is no longer open: it was already withdrawn or decided.');
    }
    await settleLeftoverProofs(db, reportId, 'withdrawn', now);
    const applied = await applyTransition(db, ctx, estateId, 'report_withdrawn');
    await audit(tx, { action: 'estate.report_withdrawn', actorUserId: owner.id, estateId, targetType: 'estate_report', targetId: reportId });
    await announceTransition(tx, applied);
    if (report.reportedBy) {
      await notify(tx, { userId: report.reportedBy, type: 'estate', message: `${owner.name} withdrew the report you made: they are well, and nothing will be released.` });
    }
    await raiseAlert(tx, { estateId, type: 'verification', priority: 'low', message: `${owner.name} withdrew the report about them; the estate is back in planning.`, dedupeKey: `withdrawn:${reportId}` });
  });
}
