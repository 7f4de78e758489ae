import { and, desc, eq, inArray } from 'drizzle-orm';
import type { TOwnerLifecycle } from '../../../core/lifecycle.schemas.ts';
import { isEstateStatus, ownerCanStillAct } from '../../../core/lifecycle.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateReports } from '../../db/schema/lifecycle.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { WITHDRAWABLE, withdrawOwnersReport } from '../../lifecycle/withdraw-owners-report.ts';
import { reportView } from '../../lifecycle/report-view.ts';

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
