import type { TSealedPart } from '../../core/estate-seal.schemas.ts';
import type { Ctx } from '../context.ts';
import { currentSealOf } from '../access/estate-seal.ts';
import { notFound } from '../lib/app-error.ts';
import { ownEstateId } from '../lib/scope.ts';
import { sealedArmor, type SealedPartKey } from './sealed-contents.ts';

/** One of the owner's sealed text parts as it was sealed, for their browser to open with the Owner Kit; `what` names it in a 404. */
export async function ownSealedPart(ctx: Ctx, key: SealedPartKey, what: string): Promise<TSealedPart> {
  const estateId = ownEstateId(ctx, what);
  const [armored, seal] = await Promise.all([sealedArmor(ctx, estateId, key), currentSealOf(ctx.db, estateId)]);
  if (!armored || !seal) throw notFound(what);
  return { armored, sealTag: seal.sealTag };
}
