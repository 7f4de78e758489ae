import { and, desc, eq, exists, gte, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { SHARED_WITH_NOBODY, type TMemoryList, type TMemoryListQuery } from '../../../core/memories.schemas.ts';
import type { Ctx } from '../../context.ts';
import { memories, memoryShares } from '../../db/schema/memories.ts';
import { afterCursor, cursorTime, descending, keysetPage } from '../../lib/keyset.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { titleOrTextMatches } from '../../lib/title-search.ts';
import { audienceSql } from '../../access/sharing.ts';
import { memoryParts, toMemories } from './memory-view.ts';
import { sealRecipientSql } from '../../sealed/seal-recipient.ts';
import { estates } from '../../db/schema/estates.ts';

/**
 * One page of the owner's memories, newest first by (date, createdAt, id) — the order of the index
 * memories_estate_order_idx. `q` matches the words in title, description and story text (full
 * text), or the title as typed (trigram). Each memory's media, notes and shares come in its own row (memoryParts).
 */
export async function listMemories(ctx: Ctx, query: TMemoryListQuery): Promise<TMemoryList> {
  const estateId = ownEstateId(ctx);
  const conditions: (SQL | undefined)[] = [eq(memories.estateId, estateId)];
  if (query.q) conditions.push(titleOrTextMatches(memories.searchVector, memories.title, query.q));
  if (query.type) conditions.push(eq(memories.type, query.type));
  if (query.from) conditions.push(gte(memories.date, query.from));
  if (query.to) conditions.push(lte(memories.date, query.to));
  const sharedRow = (beneficiaryId?: string) =>
    exists(
      ctx.db
        .select({ one: sql`1` })
        .from(memoryShares)
        .where(and(eq(memoryShares.memoryId, memories.id), beneficiaryId ? eq(memoryShares.beneficiaryId, beneficiaryId) : undefined)),
    );
  if (query.sharedWith === SHARED_WITH_NOBODY) {
    conditions.push(and(eq(memories.shareAll, false), not(sharedRow())));
  } else if (query.sharedWith) {
    conditions.push(or(eq(memories.shareAll, true), sharedRow(query.sharedWith)));
  }
  conditions.push(afterCursor(descending(memories.date, memories.createdAt, memories.id), query.cursor));
  // The estate's beneficiaries (the filter's choices) and seal, and the page with its parts: one round trip.
  const [[estate], rows] = await Promise.all([
    ctx.db.select({ audience: audienceSql(estateId), seal: sealRecipientSql(estateId) }).from(estates).where(eq(estates.id, estateId)),
    ctx.db
      .select({ row: memories, at: cursorTime(memories.createdAt), ...memoryParts })
      .from(memories)
      .where(and(...conditions))
      .orderBy(desc(memories.date), desc(memories.createdAt), desc(memories.id))
      .limit(query.limit + 1),
  ]);
  const audience = estate?.audience ?? [];
  const seal = estate?.seal ?? null;
  // A beneficiary of another estate is nobody here: nothing is shared with them.
  if (query.sharedWith && query.sharedWith !== SHARED_WITH_NOBODY && !audience.some((b) => b.id === query.sharedWith)) {
    return { items: [], nextCursor: null, beneficiaries: audience, seal };
  }
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.row.date, r.at, r.row.id]);
  const items = toMemories(page, audience.length);
  return { items, nextCursor, beneficiaries: audience, seal };
}
