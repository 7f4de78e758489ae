import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { SHARED_COUNT_CAP } from '../../../core/shared-counts.ts';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { estates } from '../../db/schema/estates.ts';
import { memories } from '../../db/schema/memories.ts';
import { futureMessages } from '../../db/schema/messages.ts';
import { documentVisibleSql, letterVisibleSql, memoryVisibleSql, type Viewer } from '../../access/policy.ts';

/**
 * How many rows of one estate the viewer may see, counted by the database through the policy and
 * stopping at SHARED_COUNT_CAP + 1 (shown "500+"): the count reads at most that many index entries,
 * however large the estate (ADR "capped shared counts"). A sub-select correlated on the outer
 * query's estates row, so every count of every linked estate comes in the statement that reads the linked estates.
 *
 * `order` is the rest of an (estate_id, …) index: ordered so, the rows come from that index. Without
 * it, the LIMIT led PostgreSQL to a sequential scan of the whole table, betting that the estate's
 * rows come early (at the bench's large size: a seq scan of 1M memories, 16 ms a count and worse for
 * an estate stored late).
 */
function cappedCount(db: Db, table: PgTable, estateId: PgColumn, visible: SQL, order: PgColumn[] = []): SQL<number> {
  const rows = db
    .select({ one: sql`1` })
    .from(table)
    .where(and(eq(estateId, estates.id), visible))
    .orderBy(...order)
    .limit(SHARED_COUNT_CAP + 1);
  return sql<number>`(select count(*) from (${rows}) capped)`.mapWith(Number);
}

/**
 * Live counts of what the viewer may see in an estate: select these beside an `estates` row (they
 * are correlated on it), so every linked estate's counts come in that statement.
 */
export function sharedCountsSql(db: Db, viewer: Viewer) {
  return {
    memories: cappedCount(db, memories, memories.estateId, memoryVisibleSql(db, viewer), [memories.createdAt, memories.id]),
    documents: cappedCount(db, documents, documents.estateId, documentVisibleSql(db, viewer), [documents.createdAt, documents.id]),
    messages: cappedCount(db, futureMessages, futureMessages.estateId, letterVisibleSql(db, viewer)),
  };
}
