import type { TSealedPart } from '../../../core/estate-seal.schemas.ts';
import type { TFutureMessage } from '../../../core/future-messages.schemas.ts';
import { currentSealOf } from '../../access/estate-seal.ts';
import { sealedArmor } from '../../sealed/sealed-contents.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { loadFutureMessage } from './future-message-view.ts';

export async function getFutureMessage(ctx: Ctx, id: string): Promise<TFutureMessage> {
  const message = await loadFutureMessage(ctx, ownEstateId(ctx, 'That message'), id);
  if (!message) throw notFound('That message');
  return message;
}

/** A sealed letter's body as it was sealed, for the owner's browser to open with the Owner Kit. */
export async function getSealedFutureMessage(ctx: Ctx, id: string): Promise<TSealedPart> {
  const estateId = ownEstateId(ctx, 'That message');
  const [armored, seal] = await Promise.all([sealedArmor(ctx, estateId, { itemType: 'future-message', itemId: id, part: 'body' }), currentSealOf(ctx.db, estateId)]);
  if (!armored || !seal) throw notFound('That sealed letter');
  return { armored, sealTag: seal.sealTag };
}
