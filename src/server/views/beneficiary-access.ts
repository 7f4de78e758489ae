import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { TBeneficiaryAccessView } from '../../core/beneficiaries.schemas.ts';
import { documentSharedWithSql, documentVisibleSql, letterVisibleSql, memorySharedWithSql, memoryVisibleSql } from '../access/policy.ts';
import type { Ctx } from '../context.ts';
import { digitalAssets } from '../db/schema/digital-assets.ts';
import { documents } from '../db/schema/documents.ts';
import { beneficiaries, estates } from '../db/schema/estates.ts';
import { memories } from '../db/schema/memories.ts';
import { futureMessages } from '../db/schema/messages.ts';
import { ownBeneficiary, toBeneficiary, type BeneficiaryRow } from './beneficiary-view.ts';

/** count() of the rows a condition holds for. */
const countWhere = (condition: SQL) => count(sql`case when ${condition} then 1 end`);

/**
 * "View Access": the beneficiary's five flags and what is shared with them — in all, and what they
 * can see right now. Both are the access policy's own answers for this beneficiary row
 * (PRODUCT.md §4; docs/decisions/0009): "shared" counts items shared with them, with all, or
 * attached to a letter delivered to them; "visible now" adds their flag and the release condition.
 * So the owner's view of who sees what is exactly what the shared-content API lets them open.
 */
export async function getBeneficiaryAccess(ctx: Ctx, id: string): Promise<TBeneficiaryAccessView> {
  return accessViewOf(ctx, await ownBeneficiary(ctx, id));
}

/** View Access for a beneficiary row the caller may look at (the owner's, or an administered estate's). */
export async function accessViewOf(ctx: Pick<Ctx, 'db'>, row: BeneficiaryRow): Promise<TBeneficiaryAccessView> {
  const id = row.id;
  const viewer = { beneficiaryId: id };
  const [estate] = await ctx.db.select({ status: estates.status }).from(estates).where(eq(estates.id, row.estateId));

  const [mem] = await ctx.db
    .select({ shared: count(), now: countWhere(memoryVisibleSql(ctx.db, viewer)) })
    .from(memories)
    .where(and(eq(memories.estateId, row.estateId), memorySharedWithSql(ctx.db, viewer)));
  const [doc] = await ctx.db
    .select({ shared: count(), now: countWhere(documentVisibleSql(ctx.db, viewer)) })
    .from(documents)
    .where(and(eq(documents.estateId, row.estateId), documentSharedWithSql(ctx.db, viewer)));
  const [fm] = await ctx.db
    .select({
      scheduled: countWhere(eq(futureMessages.status, 'scheduled')),
      delivered: countWhere(letterVisibleSql(ctx.db, viewer)),
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
    memories: { shared: mem?.shared ?? 0, visibleNow: mem?.now ?? 0 },
    documents: { shared: doc?.shared ?? 0, visibleNow: doc?.now ?? 0 },
    futureMessages: { scheduled: fm?.scheduled ?? 0, delivered: fm?.delivered ?? 0 },
    beneficiaries: { count: others?.n ?? 0, visible: row.accessBeneficiaries },
    digitalAssets: { count: assets?.n ?? 0, visible: row.accessDigitalLegacy },
  };
}
