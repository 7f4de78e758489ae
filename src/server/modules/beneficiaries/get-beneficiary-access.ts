import { and, count, eq, exists, ne, or, sql } from 'drizzle-orm';
import type { TBeneficiaryAccessView } from '../../../core/beneficiaries.schemas.ts';
import { releasedSql } from '../../access/policy.ts';
import type { Ctx } from '../../context.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { documents, documentShares } from '../../db/schema/documents.ts';
import { beneficiaries, estates } from '../../db/schema/estates.ts';
import { memories, memoryShares } from '../../db/schema/memories.ts';
import { futureMessages } from '../../db/schema/messages.ts';
import { ownBeneficiary, toBeneficiary } from './beneficiary-view.ts';

/**
 * "View Access": the beneficiary's five flags and what is shared with them — in all, and what they
 * can see right now (PRODUCT.md §4: shared with them or with all, their flag on, and released:
 * shared-now items at once, after-activation items once the estate is active).
 */
export async function getBeneficiaryAccess(ctx: Ctx, id: string): Promise<TBeneficiaryAccessView> {
  const row = await ownBeneficiary(ctx, id);
  const [estate] = await ctx.db.select({ status: estates.status }).from(estates).where(eq(estates.id, row.estateId));
  // "Visible now" uses the access policy's own release rule, so the two can never disagree.
  const released = (release: typeof memories.release | typeof documents.release) =>
    sql`case when ${releasedSql(release, estates.status)} then 1 end`;

  const [mem] = await ctx.db
    .select({ shared: count(), now: count(released(memories.release)) })
    .from(memories)
    .innerJoin(estates, eq(estates.id, memories.estateId))
    .where(
      and(
        eq(memories.estateId, row.estateId),
        or(
          eq(memories.shareAll, true),
          exists(
            ctx.db
              .select({ one: sql`1` })
              .from(memoryShares)
              .where(and(eq(memoryShares.memoryId, memories.id), eq(memoryShares.beneficiaryId, id))),
          ),
        ),
      ),
    );
  const [doc] = await ctx.db
    .select({ shared: count(), now: count(released(documents.release)) })
    .from(documents)
    .innerJoin(estates, eq(estates.id, documents.estateId))
    .where(
      and(
        eq(documents.estateId, row.estateId),
        or(
          eq(documents.shareAll, true),
          exists(
            ctx.db
              .select({ one: sql`1` })
              .from(documentShares)
              .where(and(eq(documentShares.documentId, documents.id), eq(documentShares.beneficiaryId, id))),
          ),
        ),
      ),
    );
  const [fm] = await ctx.db
    .select({
      scheduled: count(sql`case when ${futureMessages.status} = 'scheduled' then 1 end`),
      delivered: count(sql`case when ${futureMessages.status} = 'delivered' then 1 end`),
    })
    .from(futureMessages)
    .where(eq(futureMessages.recipientId, id));
  const [others] = await ctx.db
    .select({ n: count() })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.estateId, row.estateId), ne(beneficiaries.id, id)));
  const [assets] = await ctx.db.select({ n: count() }).from(digitalAssets).where(eq(digitalAssets.estateId, row.estateId));

  return {
    beneficiary: toBeneficiary(row),
    estateStatus: estate?.status ?? 'planning',
    memories: { shared: mem?.shared ?? 0, visibleNow: row.accessMemories ? (mem?.now ?? 0) : 0 },
    documents: { shared: doc?.shared ?? 0, visibleNow: row.accessDocuments ? (doc?.now ?? 0) : 0 },
    futureMessages: { scheduled: fm?.scheduled ?? 0, delivered: row.accessMessages ? (fm?.delivered ?? 0) : 0 },
    beneficiaries: { count: others?.n ?? 0, visible: row.accessBeneficiaries },
    digitalAssets: { count: assets?.n ?? 0, visible: row.accessDigitalLegacy },
  };
}
