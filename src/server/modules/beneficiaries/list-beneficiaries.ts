import { and, asc, count, eq } from 'drizzle-orm';
import type { TBeneficiaryList, TBeneficiaryListQuery } from '../../../core/beneficiaries.schemas.ts';
import type { Ctx } from '../../context.ts';
import { beneficiaries, beneficiaryName } from '../../db/schema/estates.ts';
import { afterCursor, ascending, keysetPage } from '../../lib/keyset.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { toBeneficiary } from '../../views/beneficiary-view.ts';

/**
 * One page of the owner's beneficiaries in name order ("First Last", id), the order of
 * beneficiaries_estate_name_idx, and how many there are in all (at most MAX_BENEFICIARIES).
 */
export async function listBeneficiaries(ctx: Ctx, query: TBeneficiaryListQuery): Promise<TBeneficiaryList> {
  const estateId = ownEstateId(ctx);
  const name = beneficiaryName();
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ row: beneficiaries, name })
      .from(beneficiaries)
      .where(and(eq(beneficiaries.estateId, estateId), afterCursor(ascending(name, beneficiaries.id), query.cursor)))
      .orderBy(asc(name), asc(beneficiaries.id))
      .limit(query.limit + 1),
    ctx.db.select({ n: count() }).from(beneficiaries).where(eq(beneficiaries.estateId, estateId)),
  ]);
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.name, r.row.id]);
  return { items: page.map((r) => toBeneficiary(r.row)), nextCursor, total: total?.n ?? 0 };
}
