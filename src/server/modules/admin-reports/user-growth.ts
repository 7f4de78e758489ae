import { count, lt, sql } from 'drizzle-orm';
import type { TUserGrowthPoint } from '../../../core/admin-reports.schemas.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { inRange } from '../../lib/report-range.ts';
import { bucketStart, type AdminReportRange } from './admin-report-range.ts';

/**
 * New accounts per bucket (index users(created_at, id)) and the running total: the accounts created
 * before the range, plus each bucket's new ones. Every role counts, staff included.
 */
export async function userGrowth(db: Db, range: AdminReportRange): Promise<TUserGrowthPoint[]> {
  const [before, rows] = await Promise.all([
    db.select({ n: count() }).from(users).where(lt(users.createdAt, range.start)),
    db
      .select({ bucket: bucketStart(users.createdAt, range), n: count() })
      .from(users)
      .where(inRange(users.createdAt, range))
      .groupBy(sql`1`),
  ]);
  const perBucket = new Map(rows.map((r) => [r.bucket, Number(r.n)]));
  let total = Number(before[0]?.n ?? 0);
  return range.buckets.map((start) => {
    const newUsers = perBucket.get(start) ?? 0;
    total += newUsers;
    return { start, newUsers, totalUsers: total };
  });
}
