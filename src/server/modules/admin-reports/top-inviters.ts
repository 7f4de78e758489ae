import { and, asc, count, desc, eq, isNotNull } from 'drizzle-orm';
import { TOP_INVITERS_LIMIT, type TTopInviter } from '../../../core/admin-reports.schemas.ts';
import type { Db } from '../../db/client.ts';
import { invitations } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';
import { countWhere } from '../../lib/report-table.ts';
import { inRange } from '../../lib/report-range.ts';
import type { AdminReportRange } from './admin-report-range.ts';

/**
 * The users who sent the most invitations in the range (beneficiaries, support team, planners'
 * clients, staff — every invitation someone sent; sign-up links have no sender), with how many of
 * those were accepted by now. Most sent first, then most accepted, then by name.
 */
export async function topInviters(db: Db, range: AdminReportRange, limit = TOP_INVITERS_LIMIT): Promise<TTopInviter[]> {
  const sent = count();
  const accepted = countWhere(isNotNull(invitations.acceptedAt));
  const rows = await db
    .select({ userId: users.id, name: users.name, sent, accepted })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(isNotNull(invitations.invitedBy), inRange(invitations.createdAt, range)))
    .groupBy(users.id, users.name)
    .orderBy(desc(count()), desc(countWhere(isNotNull(invitations.acceptedAt))), asc(users.name), asc(users.id))
    .limit(limit);
  return rows.map((r) => ({ userId: r.userId, name: r.name, sent: Number(r.sent), accepted: Number(r.accepted) }));
}
