import { count, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TContentPoint } from '../../../core/admin-reports.schemas.ts';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { memories } from '../../db/schema/memories.ts';
import { futureMessages } from '../../db/schema/messages.ts';
import { inRange } from '../../lib/report-range.ts';
import { bucketStart, type AdminReportRange } from './admin-report-range.ts';

/** SQL: how many rows of `table` were created in each bucket of the range. Counts only: no column of the row is read. */
export async function createdPerBucket(db: Db, table: PgTable, createdAt: PgColumn, range: AdminReportRange): Promise<Map<string, number>> {
  const rows = await db
    .select({ bucket: bucketStart(createdAt, range), n: count() })
    .from(table)
    .where(inRange(createdAt, range))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.bucket, Number(r.n)]));
}

/** Memories, documents and future messages created per bucket, across every estate (counts only — ADR 0030). */
export async function contentCreation(db: Db, range: AdminReportRange): Promise<TContentPoint[]> {
  const [m, d, f] = await Promise.all([
    createdPerBucket(db, memories, memories.createdAt, range),
    createdPerBucket(db, documents, documents.createdAt, range),
    createdPerBucket(db, futureMessages, futureMessages.createdAt, range),
  ]);
  return range.buckets.map((start) => ({ start, memories: m.get(start) ?? 0, documents: d.get(start) ?? 0, futureMessages: f.get(start) ?? 0 }));
}
