import { and, eq } from 'drizzle-orm';
import { fixedNameMessage } from '../../core/estate-freeze.ts';
import { ERROR_CODES } from '../../core/errors.ts';
import type { Ctx } from '../context.ts';
import { estates } from '../db/schema/estates.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * The owner of an active estate may not rename their account (ADR 0110): the name is the deceased's,
 * fixed at activation and printed on the memorial, the letters and the exports. 409 ESTATE_FROZEN, as
 * for every other write to an activated estate.
 */
export async function refuseRenamingTheDeceased(ctx: Ctx): Promise<void> {
  if (!ctx.actor.estateId) return;
  const [estate] = await ctx.db
    .select({ name: estates.deceasedName, activatedAt: estates.activatedAt, updatedAt: estates.updatedAt })
    .from(estates)
    .where(and(eq(estates.id, ctx.actor.estateId), eq(estates.status, 'active')));
  if (!estate) return;
  const message = fixedNameMessage(estate.name ?? ctx.actor.name, estate.activatedAt ?? estate.updatedAt);
  throw new AppError(ERROR_CODES.estateFrozen, 409, message, { name: 'Kept as it was at activation' });
}
