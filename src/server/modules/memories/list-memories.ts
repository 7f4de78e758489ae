import { and, desc, eq, exists, gte, ilike, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { SHARED_WITH_NOBODY, type TMemoryList, type TMemoryListQuery } from '../../../core/memories.schemas.ts';
import type { Ctx } from '../../context.ts';
import { memories, memoryShares } from '../../db/schema/memories.ts';
import { containsPattern } from '../../lib/like.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { audienceMember, loadAudience } from '../files/sharing.ts';
import { loadMemories } from './memory-view.ts';

/**
 * The owner's memories, newest first. `q` is PostgreSQL full-text search (websearch syntax) over
 * title, description and story text, plus a plain substring match on the title so a word being
 * typed already finds it.
 */
export async function listMemories(ctx: Ctx, query: TMemoryListQuery): Promise<TMemoryList> {
  const estateId = ownEstateId(ctx);
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    conditions.push(
      or(sql`${memories.searchVector} @@ websearch_to_tsquery('english', ${query.q})`, ilike(memories.title, containsPattern(query.q))),
    );
  }
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
  const audience = await loadAudience(ctx, estateId);
  // A beneficiary of another estate is nobody here: nothing is shared with them.
  const items =
    query.sharedWith && query.sharedWith !== SHARED_WITH_NOBODY && !audience.some((b) => b.id === query.sharedWith)
      ? []
      : await loadMemories(ctx, estateId, and(...conditions), [desc(memories.date), desc(memories.createdAt)]);
  return { items, beneficiaries: audience.map(audienceMember) };
}
