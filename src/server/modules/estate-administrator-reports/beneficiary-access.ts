import { and, asc, count, desc, eq, max, min, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { beneficiaries, estates } from '../../db/schema/estates.ts';
import { auditLog } from '../../db/schema/system.ts';
import { users } from '../../db/schema/users.ts';
import { administersSql } from '../../access/estate-roles.ts';
import { SHARED_FILE_DOWNLOADED } from './report-kpis.ts';
import { bucketOf, fillSeries, inRange } from '../../lib/report-range.ts';
import { capped, countWhere, isoSql, type ReportBuilder } from '../../lib/report-table.ts';

const owners = alias(users, 'owners');
const viewers = alias(users, 'viewers');

/**
 * Beneficiary Access: shared-file downloads (audit_log 'shared_file.downloaded') in the range, per
 * estate and beneficiary, with how many came at or after the estate's activation. The beneficiary
 * is named as the owner entered them; a download by someone no longer a beneficiary keeps their
 * account name. Most downloads first. The chart counts every download per bucket.
 */
export const beneficiaryAccess: ReportBuilder = async (ctx, range, limit) => {
  const { db } = ctx;
  const me = ctx.actor.userId;
  const downloads = and(eq(auditLog.action, SHARED_FILE_DOWNLOADED), administersSql(db, me, estates.id), inRange(auditLog.at, range));
  const link = (column: 'name' | 'relationship') =>
    column === 'name'
      ? sql<string | null>`(select concat_ws(' ', b.first_name, b.last_name) from ${beneficiaries} b where b.estate_id = ${auditLog.estateId} and b.user_id = ${auditLog.actorUserId} order by b.created_at limit 1)`
      : sql<string | null>`(select b.relationship from ${beneficiaries} b where b.estate_id = ${auditLog.estateId} and b.user_id = ${auditLog.actorUserId} order by b.created_at limit 1)`;
  const total = count();
  const [rows, perBucket] = await Promise.all([
    db
      .select({
        estate: owners.name,
        activatedAt: isoSql(estates.activatedAt),
        beneficiary: link('name'),
        relationship: link('relationship'),
        account: viewers.name,
        downloads: total,
        afterActivation: countWhere(sql`${estates.activatedAt} is not null and ${auditLog.at} >= ${estates.activatedAt}`),
        first: isoSql(min(auditLog.at)),
        last: isoSql(max(auditLog.at)),
      })
      .from(auditLog)
      .innerJoin(estates, eq(estates.id, auditLog.estateId))
      .innerJoin(owners, eq(owners.id, estates.ownerId))
      .leftJoin(viewers, eq(viewers.id, auditLog.actorUserId))
      .where(downloads)
      .groupBy(auditLog.estateId, auditLog.actorUserId, estates.id, owners.name, viewers.name)
      .orderBy(desc(total), asc(owners.name), asc(auditLog.actorUserId))
      .limit(limit + 1),
    db
      .select({ bucket: bucketOf(auditLog.at, range), n: count() })
      .from(auditLog)
      .innerJoin(estates, eq(estates.id, auditLog.estateId))
      .where(downloads)
      .groupBy(sql`1`),
  ]);
  const table = capped(rows, limit);
  return {
    columns: [
      { key: 'estate', label: 'Estate', kind: 'text' },
      { key: 'activatedAt', label: 'Activated', kind: 'datetime' },
      { key: 'beneficiary', label: 'Beneficiary', kind: 'text' },
      { key: 'relationship', label: 'Relationship', kind: 'text' },
      { key: 'downloads', label: 'Downloads', kind: 'number' },
      { key: 'afterActivation', label: 'After activation', kind: 'number' },
      { key: 'first', label: 'First download', kind: 'datetime' },
      { key: 'last', label: 'Last download', kind: 'datetime' },
    ],
    rows: table.rows.map((r) => [
      r.estate,
      r.activatedAt,
      r.beneficiary ?? r.account ?? 'Deleted account',
      r.relationship ?? (r.account ? 'No longer a beneficiary' : ''),
      r.downloads,
      r.afterActivation,
      r.first,
      r.last,
    ]),
    truncated: table.truncated,
    series: { label: 'Downloads', points: fillSeries(range, perBucket) },
  };
};
