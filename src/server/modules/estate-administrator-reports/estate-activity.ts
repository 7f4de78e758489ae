import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import { estates } from '../../db/schema/estates.ts';
import { auditLog } from '../../db/schema/system.ts';
import { users } from '../../db/schema/users.ts';
import { administersSql } from '../../access/estate-roles.ts';
import { bucketOf, fillSeries, inRange } from '../../lib/report-range.ts';
import { capped, countWhere, isoSql, type ReportBuilder } from '../../lib/report-table.ts';

/** The audit action written for every status change (estate-lifecycle/transition-estate.ts). */
export const ESTATE_STATUS_CHANGED = 'estate.status_changed';

const toStatus = (status: string) => sql`${auditLog.details} ->> 'to' = ${status}`;

/**
 * Estate Activity: for every estate the administrator administers, its current status and its
 * status changes in the range (audit_log 'estate.status_changed'), by where they led — reported
 * (→ verification pending), verified (→ activation pending), back to planning (withdrawn or
 * rejected), activated — and the last one. Estates with a change come first, newest first.
 */
export const estateActivity: ReportBuilder = async (ctx, range, limit) => {
  const { db } = ctx;
  const me = ctx.actor.userId;
  const changed = and(eq(auditLog.action, ESTATE_STATUS_CHANGED), administersSql(db, me, auditLog.estateId), inRange(auditLog.at, range));
  const changes = db
    .select({
      estateId: auditLog.estateId,
      total: count().as('total'),
      reported: countWhere(toStatus('verification_pending')).as('reported'),
      verified: countWhere(toStatus('activation_pending')).as('verified'),
      returned: countWhere(toStatus('planning')).as('returned'),
      activated: countWhere(toStatus('active')).as('activated'),
      last: max(auditLog.at).as('last'),
    })
    .from(auditLog)
    .where(changed)
    .groupBy(auditLog.estateId)
    .as('changes');

  const [rows, perBucket] = await Promise.all([
    db
      .select({
        estate: users.name,
        status: estates.status,
        total: sql<number>`coalesce(${changes.total}, 0)`.mapWith(Number),
        reported: sql<number>`coalesce(${changes.reported}, 0)`.mapWith(Number),
        verified: sql<number>`coalesce(${changes.verified}, 0)`.mapWith(Number),
        returned: sql<number>`coalesce(${changes.returned}, 0)`.mapWith(Number),
        activated: sql<number>`coalesce(${changes.activated}, 0)`.mapWith(Number),
        last: isoSql(sql`${changes.last}`),
      })
      .from(estates)
      .innerJoin(users, eq(users.id, estates.ownerId))
      .leftJoin(changes, eq(changes.estateId, estates.id))
      .where(administersSql(db, me, estates.id))
      .orderBy(sql`${changes.last} desc nulls last`, asc(users.name), asc(estates.id))
      .limit(limit + 1),
    db
      .select({ bucket: bucketOf(auditLog.at, range), n: count() })
      .from(auditLog)
      .where(changed)
      .groupBy(sql`1`),
  ]);
  const table = capped(rows, limit);
  return {
    columns: [
      { key: 'estate', label: 'Estate', kind: 'text' },
      { key: 'status', label: 'Current status', kind: 'status' },
      { key: 'changes', label: 'Status changes', kind: 'number' },
      { key: 'reported', label: 'Reported', kind: 'number' },
      { key: 'verified', label: 'Verified', kind: 'number' },
      { key: 'returned', label: 'Back to planning', kind: 'number' },
      { key: 'activated', label: 'Activated', kind: 'number' },
      { key: 'lastChange', label: 'Last change', kind: 'datetime' },
    ],
    rows: table.rows.map((r) => [r.estate, r.status, r.total, r.reported, r.verified, r.returned, r.activated, r.last]),
    truncated: table.truncated,
    series: { label: 'Status changes', points: fillSeries(range, perBucket) },
  };
};
