import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { THealthPoint } from '../../../core/admin-reports.schemas.ts';
import type { Database, Db } from '../../db/client.ts';
import { adminAlerts } from '../../db/schema/admin.ts';
import { auditLog, outboxEmails } from '../../db/schema/system.ts';
import { JOBS_SCHEMA } from '../../jobs/scheduler.ts';
import { countWhere } from '../../lib/report-table.ts';
import { inRange } from '../../lib/report-range.ts';
import { bucketStart, type AdminReportRange } from './admin-report-range.ts';

export const FAILED_SIGN_IN = 'auth.sign_in_failed';
export const ACCOUNT_LOCKED = 'auth.account_locked';

/**
 * Jobs that failed for good (retries used up) per bucket, from the job queue's own tables (pg-boss:
 * `job`, and `archive` where finished jobs move). Before the queue has ever started its tables do not
 * exist, and nothing has failed.
 */
async function failedJobsPerBucket(database: Database, range: AdminReportRange): Promise<Map<string, number>> {
  const job = `${JOBS_SCHEMA}.job`;
  const archive = `${JOBS_SCHEMA}.archive`;
  const exists = await database.execute(`select to_regclass($1) is not null as j, to_regclass($2) is not null as a`, [job, archive]);
  const row = exists.rows[0] as { j: boolean; a: boolean } | undefined;
  if (!row?.j || !row.a) return new Map();
  const unit = range.bucket;
  const result = await database.execute(
    `select to_char(date_trunc($1, completed_on at time zone $2), 'YYYY-MM-DD') as bucket, count(*)::int as n
       from (select completed_on from ${job} where state = 'failed' union all select completed_on from ${archive} where state = 'failed') failed
      where completed_on >= $3::timestamptz and completed_on < $4::timestamptz
      group by 1`,
    [unit, range.timeZone, range.start.toISOString(), range.end.toISOString()],
  );
  return new Map((result.rows as { bucket: string; n: number }[]).map((r) => [r.bucket, Number(r.n)]));
}

/**
 * "System health" over time (ADR 0030), from what the platform records: failed sign-ins and
 * lock-outs (audit log), jobs that failed for good (job queue), mail that failed and has not gone
 * since (outbox), and slow-request alerts (admin alerts of type performance).
 */
export async function systemHealth(db: Db, database: Database, range: AdminReportRange): Promise<THealthPoint[]> {
  const [auth, jobs, mail, slow] = await Promise.all([
    db
      .select({
        bucket: bucketStart(auditLog.at, range),
        failed: countWhere(sql`${auditLog.action} = ${FAILED_SIGN_IN}`),
        locked: countWhere(sql`${auditLog.action} = ${ACCOUNT_LOCKED}`),
      })
      .from(auditLog)
      .where(and(inArray(auditLog.action, [FAILED_SIGN_IN, ACCOUNT_LOCKED]), inRange(auditLog.at, range)))
      .groupBy(sql`1`),
    failedJobsPerBucket(database, range),
    db
      .select({ bucket: bucketStart(outboxEmails.createdAt, range), n: count() })
      .from(outboxEmails)
      .where(and(isNotNull(outboxEmails.error), isNull(outboxEmails.sentAt), inRange(outboxEmails.createdAt, range)))
      .groupBy(sql`1`),
    db
      .select({ bucket: bucketStart(adminAlerts.createdAt, range), n: count() })
      .from(adminAlerts)
      .where(and(eq(adminAlerts.type, 'performance'), inRange(adminAlerts.createdAt, range)))
      .groupBy(sql`1`),
  ]);
  const authBy = new Map(auth.map((r) => [r.bucket, r]));
  const mailBy = new Map(mail.map((r) => [r.bucket, Number(r.n)]));
  const slowBy = new Map(slow.map((r) => [r.bucket, Number(r.n)]));
  return range.buckets.map((start) => ({
    start,
    failedSignIns: authBy.get(start)?.failed ?? 0,
    lockOuts: authBy.get(start)?.locked ?? 0,
    failedJobs: jobs.get(start) ?? 0,
    mailFailures: mailBy.get(start) ?? 0,
    slowRequestAlerts: slowBy.get(start) ?? 0,
  }));
}

