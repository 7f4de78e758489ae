import { and, eq } from 'drizzle-orm';
import type { TAdministeredBeneficiaryAccessView } from '../../../core/beneficiaries.schemas.ts';
import type { Ctx } from '../../context.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { administers } from '../../access/estate-roles.ts';
import { forEstateAdministrator } from '../../access/private-details.ts';
import { notFound } from '../../lib/app-error.ts';
import { accessViewOf } from '../../views/beneficiary-access.ts';

/**
 * The estate administrator's View Access for one beneficiary of an estate they administer: the same
 * answer the owner sees (flags, and what is shared and visible now under the access policy).
 * Read-only: the owner decides who sees what. Their phone, date of birth and the owner's notes about
 * them only once the estate is active (access/private-details.ts).
 */
export async function getAdministeredBeneficiaryAccess(ctx: Ctx, estateId: string, beneficiaryId: string): Promise<TAdministeredBeneficiaryAccessView> {
  if (!(await administers(ctx.db, ctx.actor.userId, estateId))) throw notFound('That estate');
  const [row] = await ctx.db.select().from(beneficiaries).where(and(eq(beneficiaries.id, beneficiaryId), eq(beneficiaries.estateId, estateId)));
  if (!row) throw notFound('That beneficiary');
  return forEstateAdministrator(await accessViewOf(ctx, row));
}
