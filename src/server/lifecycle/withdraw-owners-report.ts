import { and, eq, inArray } from 'drizzle-orm';
import type { BaseCtx } from '../context.ts';
import { estateReports } from '../db/schema/lifecycle.ts';
import { conflict, notFound } from '../lib/app-error.ts';
import { audit } from '../lib/audit.ts';
import { lockEstate } from '../lib/estate-lock.ts';
import { inMailTransaction } from '../mail/mailer.ts';
import { notify } from '../notices/notify.ts';
import { settleLeftoverProofs } from './leftover-proofs.ts';
import { raiseAlert } from './raise-alert.ts';
import { announceTransition, applyTransition } from './transition-estate.ts';

/** A report the owner may still withdraw: being verified, or verified while the estate awaits activation. */
export const WITHDRAWABLE = ['open', 'verified'];

/** The withdrawal itself, for the signed-in owner or the owner's emailed single-use cancel link (modules/estate-reports/owner-lifecycle.ts, modules/release-safeguards/veto-links.ts). */
export async function withdrawOwnersReport(ctx: BaseCtx, owner: { id: string; name: string; estateId: string }, reportId: string): Promise<void> {
  const estateId = owner.estateId;
  const now = ctx.clock.now();
  await inMailTransaction(ctx, async (tx) => {
    const db = tx.db;
    // The estate row first, as every lifecycle change takes its locks (no deadlock with a review).
    await lockEstate(db, estateId);
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
