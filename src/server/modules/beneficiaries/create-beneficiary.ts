import { and, eq } from 'drizzle-orm';
import type { TBeneficiary } from '../../../core/beneficiaries.schemas.ts';
import type { ZCreateBeneficiaryRequest } from '../../../core/beneficiaries.schemas.ts';
import { DEFAULT_ACCESS, MAX_BENEFICIARIES } from '../../../core/constants.ts';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { assertEstateRoom } from '../../lib/estate-room.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { toBeneficiary } from '../../views/beneficiary-view.ts';
import { inviteBeneficiary } from './invite-beneficiary.ts';

const duplicate = () => conflict('You have already added someone with this email.', { email: 'Already one of your beneficiaries' });

/** Add a beneficiary (wireframe defaults for the access flags) and email their invitation (one transaction). */
export async function createBeneficiary(ctx: Ctx, input: z.output<typeof ZCreateBeneficiaryRequest>): Promise<TBeneficiary> {
  const estateId = ownEstateId(ctx);
  if (input.email === ctx.actor.email) throw badRequest('That is your own email. Add the person who should receive your legacy.', { email: 'This is your own email' });
  const [existing] = await ctx.db
    .select({ id: beneficiaries.id })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.estateId, estateId), eq(beneficiaries.email, input.email)));
  if (existing) throw duplicate();

  const access = { ...DEFAULT_ACCESS, ...input.access };
  const now = ctx.clock.now();
  // One transaction: over the invitation limit (429) no beneficiary is left behind uninvited.
  const row = await inMailTransaction(ctx, async (tx) => {
    await assertEstateRoom(tx.db, {
      table: beneficiaries,
      estateColumn: beneficiaries.estateId,
      estateId,
      max: MAX_BENEFICIARIES,
      message: `You have named ${MAX_BENEFICIARIES} beneficiaries, the most one estate can have. Remove someone before adding another.`,
    });
    const [inserted] = await tx.db
      .insert(beneficiaries)
      .values({
        estateId,
        firstName: input.firstName,
        lastName: input.lastName,
        relationship: input.relationship,
        email: input.email,
        phone: input.phone,
        notes: input.notes,
        dateOfBirth: input.dateOfBirth ?? null,
        accessMemories: access.memories,
        accessDocuments: access.documents,
        accessMessages: access.messages,
        accessBeneficiaries: access.beneficiaries,
        accessDigitalLegacy: access.digitalLegacy,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw duplicate();
    await audit(tx, { action: 'beneficiary.created', estateId, targetType: 'beneficiary', targetId: inserted.id, details: { access } });
    await inviteBeneficiary(tx, inserted);
    return inserted;
  });
  const [fresh] = await ctx.db.select().from(beneficiaries).where(eq(beneficiaries.id, row.id));
  return toBeneficiary(fresh ?? row);
}
