import type { TSealedPart } from '../../../core/estate-seal.schemas.ts';
import type { TFutureMessage } from '../../../core/future-messages.schemas.ts';
import { ownSealedPart } from '../../sealed/own-sealed-part.ts';
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
export const getSealedFutureMessage = (ctx: Ctx, id: string): Promise<TSealedPart> => ownSealedPart(ctx, { itemType: 'future-message', itemId: id, part: 'body' }, 'That sealed letter');
