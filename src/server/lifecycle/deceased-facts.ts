import { fixedNameMessage } from '../../core/estate-freeze.ts';
import { ERROR_CODES } from '../../core/errors.ts';
import type { Ctx } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { activeEstateFacts, frozenNameAndDay } from '../lib/estate-lock.ts';

/**
 * The owner of an active estate may not rename their account (ADR 0110): the name is the deceased's,
 * fixed at activation and printed on the memorial, the letters and the exports. 409 ESTATE_FROZEN, as
 * for every other write to an activated estate.
 */
export async function refuseRenamingTheDeceased(ctx: Ctx): Promise<void> {
  if (!ctx.actor.estateId) return;
  const estate = await activeEstateFacts(ctx.db, ctx.actor.estateId);
  if (!estate) return;
  throw new AppError(ERROR_CODES.estateFrozen, 409, fixedNameMessage(...frozenNameAndDay(estate, ctx.actor.name)), { name: 'Kept as it was at activation' });
}
