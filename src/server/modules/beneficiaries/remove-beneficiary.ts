import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { userRoles } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { publish } from '../../events/bus.ts';
import { withdrawInvitations } from '../../invitations/create-invitation.ts';
import { ownBeneficiary } from '../../views/beneficiary-view.ts';

/**
 * Remove a beneficiary: their shares go with them (cascade), an open invitation is withdrawn, and a
 * linked account that is nobody else's beneficiary any more loses the beneficiary role. Their draft
 * and scheduled future messages go back to draft without a recipient, and the owner is told.
 */
export async function removeBeneficiary(ctx: Ctx, id: string): Promise<void> {
  await inMailTransaction(ctx, (tx) => remove(tx, id));
}

async function remove(ctx: Ctx, id: string) {
  const row = await ownBeneficiary(ctx, id);
  await withdrawInvitations(ctx, id);
  // Their future messages go back to draft, and the owner is told, in the same transaction (ADR 0077).
  await publish(ctx, 'beneficiary.removing', { beneficiaryId: id, firstName: row.firstName });
  await ctx.db.delete(beneficiaries).where(eq(beneficiaries.id, id));
  if (row.userId) {
    const [other] = await ctx.db.select({ id: beneficiaries.id }).from(beneficiaries).where(eq(beneficiaries.userId, row.userId)).limit(1);
    if (!other) {
      await ctx.db.delete(userRoles).where(and(eq(userRoles.userId, row.userId), eq(userRoles.role, 'beneficiary')));
    }
  }
  await audit(ctx, { action: 'beneficiary.removed', estateId: row.estateId, targetType: 'beneficiary', targetId: id });
}
