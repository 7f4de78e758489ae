import { and, eq } from 'drizzle-orm';
import { initialsOf } from '../../core/names.ts';
import type { TBeneficiary } from '../../core/beneficiaries.schemas.ts';
import type { Ctx } from '../context.ts';
import { beneficiaries } from '../db/schema/estates.ts';
import { notFound } from '../lib/app-error.ts';
import { ownEstateId } from '../lib/scope.ts';

export type BeneficiaryRow = typeof beneficiaries.$inferSelect;

export function toBeneficiary(row: BeneficiaryRow): TBeneficiary {
  const name = `${row.firstName} ${row.lastName}`.trim();
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    name,
    initials: initialsOf(name),
    relationship: row.relationship,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    dateOfBirth: row.dateOfBirth,
    access: {
      memories: row.accessMemories,
      documents: row.accessDocuments,
      messages: row.accessMessages,
      beneficiaries: row.accessBeneficiaries,
      digitalLegacy: row.accessDigitalLegacy,
    },
    status: row.userId && row.acceptedAt ? 'active' : 'invited',
    invitedAt: row.invitedAt?.toISOString() ?? null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One of the owner's own beneficiaries; anyone else's is "not found". */
export async function ownBeneficiary(ctx: Ctx, id: string): Promise<BeneficiaryRow> {
  const estateId = ownEstateId(ctx, 'That beneficiary');
  const [row] = await ctx.db
    .select()
    .from(beneficiaries)
    .where(and(eq(beneficiaries.id, id), eq(beneficiaries.estateId, estateId)));
  if (!row) throw notFound('That beneficiary');
  return row;
}
