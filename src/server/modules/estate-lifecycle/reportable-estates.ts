import { and, eq, inArray } from 'drizzle-orm';
import type { TReportableEstate } from '../../../core/lifecycle.schemas.ts';
import { isEstateStatus } from '../../../core/lifecycle.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateReports } from '../../db/schema/lifecycle.ts';
import { users } from '../../db/schema/users.ts';
import { reportableEstatesOf } from '../../access/estate-roles.ts';

/** The estates the caller may report about (as a beneficiary or support-team member), with their state. */
export async function listReportableEstates(ctx: Ctx): Promise<{ items: TReportableEstate[] }> {
  const links = await reportableEstatesOf(ctx.db, ctx.actor.userId);
  if (!links.length) return { items: [] };
  const ids = links.map((l) => l.estateId);
  const [rows, open] = await Promise.all([
    ctx.db.select({ id: estates.id, status: estates.status, ownerName: users.name }).from(estates).innerJoin(users, eq(users.id, estates.ownerId)).where(inArray(estates.id, ids)),
    ctx.db.select({ estateId: estateReports.estateId }).from(estateReports).where(and(inArray(estateReports.estateId, ids), eq(estateReports.status, 'open'))),
  ]);
  return {
    items: rows
      .map((r) => ({
        estateId: r.id,
        ownerName: r.ownerName,
        linkedAs: links.find((l) => l.estateId === r.id)!.linkedAs,
        status: isEstateStatus(r.status) ? r.status : 'planning',
        hasOpenReport: open.some((o) => o.estateId === r.id),
      }))
      .sort((a, b) => a.ownerName.localeCompare(b.ownerName)),
  };
}
