import type { TFutureMessage } from '../../../core/future-messages.schemas.ts';
import type { Ctx } from '../../context.ts';
import { audit } from '../../lib/audit.ts';
import { loadFutureMessage } from './future-message-view.ts';
import type { PreparedFutureMessage } from './prepare-future-message.ts';

/**
 * The end of a create or an update: the audit record (scheduled, or created / updated as a
 * draft — the rule and how many attachments, never the text) and the message as the API shows it.
 */
export async function savedFutureMessage(
  ctx: Ctx,
  estateId: string,
  id: string,
  prepared: PreparedFutureMessage,
  draftAction: 'future_message.created' | 'future_message.updated',
): Promise<TFutureMessage> {
  await audit(ctx, {
    action: prepared.values.status === 'scheduled' ? 'future_message.scheduled' : draftAction,
    targetType: 'future_message',
    targetId: id,
    details: { rule: prepared.values.deliveryRule, memories: prepared.memoryIds.length, documents: prepared.documentIds.length },
  });
  return (await loadFutureMessage(ctx, estateId, id))!;
}
