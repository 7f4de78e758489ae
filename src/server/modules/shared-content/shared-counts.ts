import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TSharedCounts } from '../../../core/shared-content.schemas.ts';
import { SHARED_COUNT_CAP } from '../../../core/shared-counts.ts';
import type { Ctx } from '../../context.ts';
import { documents } from '../../db/schema/documents.ts';
import { memories } from '../../db/schema/memories.ts';
import { futureMessages } from '../../db/schema/messages.ts';
import { documentVisibleSql, letterVisibleSql, memoryVisibleSql } from '../../access/policy.ts';

/**
 * How many rows of one estate the viewer may see, counted by the database through the policy and
 * stopping at SHARED_COUNT_CAP + 1 (shown "500+"): the count reads at most that many index entries,
 * however large the estate (ADR "capped shared counts").
 *
 * `order` is the rest of an (estate_id, …) index: ordered so, the rows come from that index. Without
 * it, the LIMIT led PostgreSQL to a sequential scan of the whole table, betting that the estate's
 * rows come early (at the bench's large size: a seq scan of 1M memories, 16 ms a count and worse for
 * an estate stored late).
 */
async function cappedCount(ctx: Ctx, table: PgTable, estateId: PgColumn, estate: string, visible: SQL, order: PgColumn[] = []): Promise<number> {
  const rows = ctx.db
    .select({ one: sql`1` })
    .from(table)
    .where(and(eq(estateId, estate), visible))
    .orderBy(...order)
    .limit(SHARED_COUNT_CAP + 1)
    .as('capped');
  const [row] = await ctx.db.select({ n: count() }).from(rows);
  return row?.n ?? 0;
}

/** Live counts of what the viewer may see in each of these estates (their linked ones). */
export async function sharedCountsByEstate(ctx: Ctx, estateIds: string[]): Promise<Map<string, TSharedCounts>> {
  const userId = ctx.actor.userId;
  const counted = await Promise.all(
    estateIds.map(async (estate) => {
      const [m, d, l] = await Promise.all([
        cappedCount(ctx, memories, memories.estateId, estate, memoryVisibleSql(ctx.db, userId), [memories.createdAt, memories.id]),
        cappedCount(ctx, documents, documents.estateId, estate, documentVisibleSql(ctx.db, userId), [documents.createdAt, documents.id]),
        cappedCount(ctx, futureMessages, futureMessages.estateId, estate, letterVisibleSql(ctx.db, userId)),
      ]);
      return [estate, { memories: m, documents: d, messages: l }] as const;
    }),
  );
  return new Map(counted);
}

export const NO_COUNTS: TSharedCounts = { memories: 0, documents: 0, messages: 0 };
