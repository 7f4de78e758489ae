import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TReportableEstates, TReportableEstatesQuery } from '../../../core/lifecycle.schemas.ts';
import { isEstateStatus } from '../../../core/lifecycle.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateReports } from '../../db/schema/lifecycle.ts';
import { users } from '../../db/schema/users.ts';
import { mayReportSql, reportableEstatesOf } from '../../access/estate-roles.ts';
import { afterCursor, ascending, keysetPage } from '../../lib/keyset.ts';
import { reportSafeguardsViews } from '../../lifecycle/report-safeguards-view.ts';

/**
 * One page of the estates the caller may report about (as a beneficiary or support-team member), in
 * the owner's name order (name, estate id), with their state and, while a report is open, its
 * veto-window countdown and trustee confirmations — links and reports read for the page only.
 */
export async function listReportableEstates(ctx: Ctx, query: TReportableEstatesQuery): Promise<TReportableEstates> {
  const found = await ctx.db
    .select({ id: estates.id, status: estates.status, ownerName: users.name })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(
      and(
        mayReportSql(ctx.actor.userId, estates.id),
        query.estateId ? eq(estates.id, query.estateId) : undefined,
        afterCursor(ascending(users.name, estates.id), query.cursor),
      ),
    )
    .orderBy(asc(users.name), asc(estates.id))
    .limit(query.limit + 1);
  const { page: rows, nextCursor } = keysetPage(found, query.limit, (r) => [r.ownerName, r.id]);
  if (!rows.length) return { items: [], nextCursor };
  const ids = rows.map((r) => r.id);
  const [links, reports] = await Promise.all([
    reportableEstatesOf(ctx.db, ctx.actor.userId, ids),
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
    items: rows.map((r) => ({
      estateId: r.id,
      ownerName: r.ownerName,
      linkedAs: links.get(r.id) ?? '',
      status: isEstateStatus(r.status) ? r.status : 'planning',
      hasOpenReport: open.some((o) => o.estateId === r.id),
      safeguards: safeguards.get(r.id) ?? null,
    })),
    nextCursor,
  };
}
