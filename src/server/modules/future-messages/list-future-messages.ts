import type { TFutureMessage } from '../../../core/future-messages.schemas.ts';
import type { Ctx } from '../../context.ts';
import { loadFutureMessages } from './future-message-view.ts';

/** The owner's future messages: drafts and scheduled first, most recently changed first. */
export async function listFutureMessages(ctx: Ctx): Promise<{ items: TFutureMessage[] }> {
  if (!ctx.actor.estateId) return { items: [] };
  return { items: await loadFutureMessages(ctx, ctx.actor.estateId) };
}
