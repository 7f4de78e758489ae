import { and, asc, count, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { estates } from '../../db/schema/estates.ts';
import { verificationItems } from '../../db/schema/lifecycle.ts';
import { users } from '../../db/schema/users.ts';
import { administersSql } from '../../access/estate-roles.ts';
import { bucketOf, fillSeries, inRange } from '../../lib/report-range.ts';
import { capped, countWhere, hoursBetween, roundHours, type ReportBuilder } from '../../lib/report-table.ts';

const v = verificationItems;

/**
 * Verification Analytics, per estate, from verification_items: proofs submitted in the range,
 * verified and rejected in the range (by review time), still pending now, and the mean and longest
 * hours from submission to review of those reviewed in the range. Estates with pending proofs come
 * first, then the busiest. The chart counts reviews per bucket.
 */
export const verificationAnalytics: ReportBuilder = async (ctx, range, limit) => {
  const { db } = ctx;
  const me = ctx.actor.userId;
  const reviewedInRange = and(isNotNull(v.reviewedAt), sql`${v.status} in ('verified', 'rejected')`, inRange(v.reviewedAt, range))!;
  const submittedInRange = inRange(v.submittedAt, range);
  const pending = eq(v.status, 'pending');
  const waited = hoursBetween(v.submittedAt, v.reviewedAt);

  const submitted = countWhere(submittedInRange);
  const pendingNow = countWhere(pending);
  const [rows, perBucket] = await Promise.all([
    db
      .select({
        estate: users.name,
        status: estates.status,
        submitted,
        verified: countWhere(and(reviewedInRange, eq(v.status, 'verified'))!),
        rejected: countWhere(and(reviewedInRange, eq(v.status, 'rejected'))!),
        pending: pendingNow,
        averageHours: sql<string | null>`avg(${waited}) filter (where ${reviewedInRange})`,
        longestHours: sql<string | null>`max(${waited}) filter (where ${reviewedInRange})`,
      })
      .from(v)
      .innerJoin(estates, eq(estates.id, v.estateId))
      .innerJoin(users, eq(users.id, estates.ownerId))
      .where(and(administersSql(db, me, estates.id), or(submittedInRange, reviewedInRange, pending)))
      .groupBy(estates.id, users.name, estates.status)
      .orderBy(desc(pendingNow), desc(submitted), asc(users.name), asc(estates.id))
      .limit(limit + 1),
    db
      .select({ bucket: bucketOf(v.reviewedAt, range), n: count() })
      .from(v)
      .where(and(administersSql(db, me, v.estateId), reviewedInRange))
      .groupBy(sql`1`),
  ]);
  const table = capped(rows, limit);
  return {
    columns: [
      { key: 'estate', label: 'Estate', kind: 'text' },
      { key: 'status', label: 'Current status', kind: 'status' },
      { key: 'submitted', label: 'Submitted', kind: 'number' },
      { key: 'verified', label: 'Verified', kind: 'number' },
      { key: 'rejected', label: 'Rejected', kind: 'number' },
      { key: 'pending', label: 'Pending now', kind: 'number' },
      { key: 'averageHours', label: 'Average hours to review', kind: 'number' },
      { key: 'longestHours', label: 'Longest hours to review', kind: 'number' },
    ],
    rows: table.rows.map((r) => [r.estate, r.status, r.submitted, r.verified, r.rejected, r.pending, roundHours(r.averageHours), roundHours(r.longestHours)]),
    truncated: table.truncated,
    series: { label: 'Documents reviewed', points: fillSeries(range, perBucket) },
  };
};
