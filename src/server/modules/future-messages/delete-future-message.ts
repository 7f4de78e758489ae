import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { futureMessages } from '../../db/schema/messages.ts';
import { inTransaction } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { dropSealed } from '../../sealed/sealed-contents.ts';
import { audit } from '../../lib/audit.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { alreadyDelivered } from './update-future-message.ts';

/** Delete a draft or scheduled message. A delivered one stays (it is in the recipient's inbox). */
export async function deleteFutureMessage(ctx: Ctx, id: string): Promise<void> {
  const estateId = ownEstateId(ctx, 'That message');
  const [existing] = await ctx.db
    .select({ status: futureMessages.status })
    .from(futureMessages)
    .where(and(eq(futureMessages.id, id), eq(futureMessages.estateId, estateId)));
  if (!existing) throw notFound('That message');
  const deleted = await inTransaction(ctx.db, async (db) => {
    await dropSealed(db, 'future-message', id);
    return db
      .delete(futureMessages)
      .where(and(eq(futureMessages.id, id), eq(futureMessages.estateId, estateId), inArray(futureMessages.status, ['draft', 'scheduled'])))
      .returning({ id: futureMessages.id });
  });
  if (deleted.length === 0) throw alreadyDelivered();
  await audit(ctx, { action: 'future_message.deleted', targetType: 'future_message', targetId: id });
}
