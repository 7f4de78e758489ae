import { and, eq, ne } from 'drizzle-orm';
import type { TBeneficiary, TUpdateBeneficiaryRequest } from '../../../core/beneficiaries.schemas.ts';
import type { Ctx } from '../../context.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { publish } from '../../events/bus.ts';
import { withdrawInvitations } from '../../invitations/create-invitation.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { ownBeneficiary, toBeneficiary } from '../../views/beneficiary-view.ts';
import { inviteBeneficiary } from './invite-beneficiary.ts';

/**
 * Edit a beneficiary, or switch access flags one at a time (the cards save on change). Changing the
 * email of someone who has not accepted yet withdraws the old invitation and sends a new one.
 */
export async function updateBeneficiary(ctx: Ctx, id: string, input: TUpdateBeneficiaryRequest): Promise<TBeneficiary> {
  // One transaction: a new invitation over the limit (429) leaves the email unchanged.
  return inMailTransaction(ctx, (tx) => update(tx, id, input));
}

async function update(ctx: Ctx, id: string, input: TUpdateBeneficiaryRequest): Promise<TBeneficiary> {
  const row = await ownBeneficiary(ctx, id);
  const { access, ...fields } = input;
  const emailChanged = input.email !== undefined && input.email !== row.email;
  if (emailChanged && input.email === ctx.actor.email) {
    throw badRequest('That is your own email. Add the person who should receive your legacy.', { email: 'This is your own email' });
  }
  if (emailChanged) {
    const [taken] = await ctx.db
      .select({ id: beneficiaries.id })
      .from(beneficiaries)
      .where(and(eq(beneficiaries.estateId, row.estateId), eq(beneficiaries.email, input.email!), ne(beneficiaries.id, id)));
    if (taken) throw conflict('You have already added someone with this email.', { email: 'Already one of your beneficiaries' });
  }

  const now = ctx.clock.now();
  const [updated] = await ctx.db
    .update(beneficiaries)
    .set({
      ...fields,
      ...(access?.memories !== undefined ? { accessMemories: access.memories } : {}),
      ...(access?.documents !== undefined ? { accessDocuments: access.documents } : {}),
      ...(access?.messages !== undefined ? { accessMessages: access.messages } : {}),
      ...(access?.beneficiaries !== undefined ? { accessBeneficiaries: access.beneficiaries } : {}),
      ...(access?.digitalLegacy !== undefined ? { accessDigitalLegacy: access.digitalLegacy } : {}),
      updatedAt: now,
    })
    .where(eq(beneficiaries.id, id))
    .returning();
  if (!updated) throw conflict('That beneficiary changed while you were editing. Reload and try again.');
  if (updated.dateOfBirth !== row.dateOfBirth) await publish(ctx, 'beneficiary.birthday-changed', { beneficiaryId: id });

  await audit(ctx, {
    action: access ? 'beneficiary.access_changed' : 'beneficiary.updated',
    estateId: row.estateId,
    targetType: 'beneficiary',
    targetId: id,
    details: { fields: Object.keys(fields), ...(access ? { access } : {}) },
  });

  if (emailChanged && !updated.userId) {
    await withdrawInvitations(ctx, id);
    await inviteBeneficiary(ctx, updated);
    const [fresh] = await ctx.db.select().from(beneficiaries).where(eq(beneficiaries.id, id));
    return toBeneficiary(fresh ?? updated);
  }
  return toBeneficiary(updated);
}
