import { asc, eq } from 'drizzle-orm';
import type { TBeneficiaryList } from '../../../core/beneficiaries.schemas.ts';
import type { Ctx } from '../../context.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { toBeneficiary } from './beneficiary-view.ts';

export async function listBeneficiaries(ctx: Ctx): Promise<TBeneficiaryList> {
  const estateId = ownEstateId(ctx);
  const rows = await ctx.db
    .select()
    .from(beneficiaries)
    .where(eq(beneficiaries.estateId, estateId))
    .orderBy(asc(beneficiaries.createdAt), asc(beneficiaries.firstName));
  return { beneficiaries: rows.map(toBeneficiary) };
}
