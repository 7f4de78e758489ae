import type { Ctx } from '../../context.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { eq } from 'drizzle-orm';
import { inMailTransaction } from '../../mail/mailer.ts';
import { createInvitation } from '../../invitations/create-invitation.ts';
import type { BeneficiaryRow } from '../../views/beneficiary-view.ts';

/**
 * Email (or re-email) the invitation that lets this beneficiary create or link an account: the
 * invitation, its mail and invited_at in one transaction (the caller's, when it has one).
 */
export async function inviteBeneficiary(ctx: Ctx, row: BeneficiaryRow): Promise<void> {
  await inMailTransaction(ctx, async (tx) => inviteInTransaction(tx, row));
}

async function inviteInTransaction(ctx: Ctx, row: BeneficiaryRow): Promise<void> {
  await createInvitation(ctx, {
    kind: 'beneficiary',
    email: row.email,
    role: 'beneficiary',
    estateId: row.estateId,
    targetId: row.id,
    inviteeName: `${row.firstName} ${row.lastName}`.trim(),
    what: `a beneficiary (${row.relationship})`,
  });
  const now = ctx.clock.now();
  await ctx.db.update(beneficiaries).set({ invitedAt: now, updatedAt: now }).where(eq(beneficiaries.id, row.id));
}
