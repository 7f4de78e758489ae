import type { TFutureMessage } from '../../../core/future-messages.schemas.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { loadFutureMessage } from './future-message-view.ts';

export async function getFutureMessage(ctx: Ctx, id: string): Promise<TFutureMessage> {
  const message = await loadFutureMessage(ctx, ownEstateId(ctx, 'That message'), id);
  if (!message) throw notFound('That message');
  return message;
}
