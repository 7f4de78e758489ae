import { eq } from 'drizzle-orm';
import type { TBeneficiary } from '../../../core/beneficiaries.schemas.ts';
import type { Ctx } from '../../context.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { ownBeneficiary, toBeneficiary } from '../../views/beneficiary-view.ts';
import { inviteBeneficiary } from './invite-beneficiary.ts';

export async function resendBeneficiaryInvitation(ctx: Ctx, id: string): Promise<TBeneficiary> {
  const row = await ownBeneficiary(ctx, id);
  if (row.userId) throw conflict(`${row.firstName} has already accepted and has their own sign-in.`);
  await inviteBeneficiary(ctx, row);
  await audit(ctx, { action: 'beneficiary.invitation_sent', estateId: row.estateId, targetType: 'beneficiary', targetId: id });
  const [fresh] = await ctx.db.select().from(beneficiaries).where(eq(beneficiaries.id, id));
  return toBeneficiary(fresh ?? row);
}
