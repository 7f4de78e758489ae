import type { TFutureMessage, TSaveFutureMessage } from '../../../core/future-messages.schemas.ts';
import type { Ctx } from '../../context.ts';
import { inTransaction } from '../../db/client.ts';
import { futureMessages } from '../../db/schema/messages.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { prepareFutureMessage } from './prepare-future-message.ts';
import { saveAttachments } from './save-attachments.ts';
import { savedFutureMessage } from './saved-future-message.ts';

/** Compose a future message, as a draft or scheduled. */
export async function createFutureMessage(ctx: Ctx, input: TSaveFutureMessage): Promise<TFutureMessage> {
  const estateId = ownEstateId(ctx);
  const prepared = await prepareFutureMessage(ctx, estateId, input);
  const now = ctx.clock.now();
  const id = await inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .insert(futureMessages)
      .values({ ...prepared.values, estateId, createdAt: now, updatedAt: now })
      .returning({ id: futureMessages.id });
    await saveAttachments({ ...ctx, db: tx }, estateId, row!.id, prepared);
    return row!.id;
  });
  return savedFutureMessage(ctx, estateId, id, prepared, 'future_message.created');
}
