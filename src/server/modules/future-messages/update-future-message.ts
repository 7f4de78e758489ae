import { and, eq, inArray } from 'drizzle-orm';
import type { TFutureMessage, TSaveFutureMessage } from '../../../core/future-messages.schemas.ts';
import type { Ctx } from '../../context.ts';
import { inTransaction } from '../../db/client.ts';
import { futureMessages } from '../../db/schema/messages.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { loadFutureMessage } from './future-message-view.ts';
import { prepareFutureMessage } from './prepare-future-message.ts';
import { saveAttachments } from './save-attachments.ts';
import { savedFutureMessage } from './saved-future-message.ts';

export const alreadyDelivered = () => conflict('This message has already been delivered and can no longer be changed.');

/** Edit a draft or scheduled message (the whole message). A delivered one is final. */
export async function updateFutureMessage(ctx: Ctx, id: string, input: TSaveFutureMessage): Promise<TFutureMessage> {
  const estateId = ownEstateId(ctx, 'That message');
  const existing = await loadFutureMessage(ctx, estateId, id);
  if (!existing) throw notFound('That message');
  if (existing.status === 'delivered') throw alreadyDelivered();
  const prepared = await prepareFutureMessage(ctx, estateId, input);
  const now = ctx.clock.now();
  const updated = await inTransaction(ctx.db, async (tx) => {
    // Guarded: the scheduler may deliver it between our read and this write.
    const [row] = await tx
      .update(futureMessages)
      .set({ ...prepared.values, updatedAt: now })
      .where(and(eq(futureMessages.id, id), eq(futureMessages.estateId, estateId), inArray(futureMessages.status, ['draft', 'scheduled'])))
      .returning({ id: futureMessages.id });
    if (!row) return false;
    await saveAttachments({ ...ctx, db: tx }, estateId, id, prepared);
    return true;
  });
  if (!updated) throw alreadyDelivered();
  return savedFutureMessage(ctx, estateId, id, prepared, 'future_message.updated');
}
