import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TReportableEstate } from '../../../core/lifecycle.schemas.ts';
import { isEstateStatus } from '../../../core/lifecycle.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateReports } from '../../db/schema/lifecycle.ts';
import { users } from '../../db/schema/users.ts';
import { reportableEstatesOf } from '../../access/estate-roles.ts';
import { reportSafeguardsViews } from '../release-safeguards/report-safeguards-view.ts';

/**
 * The estates the caller may report about (as a beneficiary or support-team member), with their state
 * and, while a report is open, its veto-window countdown and trustee confirmations.
 */
export async function listReportableEstates(ctx: Ctx): Promise<{ items: TReportableEstate[] }> {
  const links = await reportableEstatesOf(ctx.db, ctx.actor.userId);
  if (!links.length) return { items: [] };
  const ids = links.map((l) => l.estateId);
  const [rows, reports] = await Promise.all([
    ctx.db.select({ id: estates.id, status: estates.status, ownerName: users.name }).from(estates).innerJoin(users, eq(users.id, estates.ownerId)).where(inArray(estates.id, ids)),
    ctx.db
      .select()
      .from(estateReports)
      .where(and(inArray(estateReports.estateId, ids), inArray(estateReports.status, ['open', 'verified'])))
      .orderBy(asc(estateReports.createdAt)),
  ]);
  const now = ctx.clock.now();
  // The countdown runs from the report until activation: the open report, or the verified one while activation is pending.
  const counting = new Map<string, (typeof reports)[number]>();
  for (const report of reports) {
    const status = rows.find((r) => r.id === report.estateId)?.status;
    if (report.status === 'open' || status === 'activation_pending') counting.set(report.estateId, report);
  }
  const views = await reportSafeguardsViews(ctx.db, [...counting.values()], now);
  const safeguards = new Map([...counting].map(([estateId, report]) => [estateId, views.get(report.id)!]));
  const open = reports.filter((r) => r.status === 'open');
  return {
    items: rows
      .map((r) => ({
        estateId: r.id,
        ownerName: r.ownerName,
        linkedAs: links.find((l) => l.estateId === r.id)!.linkedAs,
        status: isEstateStatus(r.status) ? r.status : 'planning',
        hasOpenReport: open.some((o) => o.estateId === r.id),
        safeguards: safeguards.get(r.id) ?? null,
      }))
      .sort((a, b) => a.ownerName.localeCompare(b.ownerName)),
  };
}
