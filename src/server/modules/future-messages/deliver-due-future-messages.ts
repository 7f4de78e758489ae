import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { letterDeliverableSql } from '../../access/policy.ts';
import type { BaseCtx } from '../../context.ts';
import { inTransaction } from '../../db/client.ts';
import { beneficiaries, estates, ownerNameSql } from '../../db/schema/estates.ts';
import { futureMessages, messages } from '../../db/schema/messages.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { readUserSettings } from '../../../core/settings.schemas.ts';
import { loadSettingsData } from '../../notices/notification-settings.ts';
import { notify } from '../../notices/notify.ts';

/** Never matches a beneficiary (the access policy only lets a message with a recipient through). */
const NO_RECIPIENT = '00000000-0000-0000-0000-000000000000';

/** At most this many deliveries per run; the next run picks up the rest. */
export const DELIVERY_BATCH = 200;

/**
 * Deliver every scheduled future message whose time has come (by ctx.clock) to its recipient's
 * inbox, with a notification. Exactly once: each delivery is one transaction that first flips the
 * message from 'scheduled' to 'delivered' (guarded by WHERE status = 'scheduled'); a second run or
 * a second instance finds nothing to flip and inserts nothing. Only letters the access policy calls
 * deliverable go (the recipient could read it at once: an account linked, messages access on); a
 * recipient without an account yet (or with messages access off) keeps the message
 * scheduled-and-waiting; it goes on the first run after they link their account.
 */
export async function deliverDueFutureMessages(ctx: BaseCtx): Promise<{ delivered: number; due: number }> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: futureMessages.id })
    .from(futureMessages)
    .where(and(eq(futureMessages.status, 'scheduled'), isNotNull(futureMessages.dueAt), lte(futureMessages.dueAt, now), letterDeliverableSql(ctx.db)))
    .orderBy(asc(futureMessages.dueAt))
    .limit(DELIVERY_BATCH);
  let delivered = 0;
  for (const { id } of due) if (await deliverFutureMessage(ctx, id, now)) delivered++;
  return { delivered, due: due.length };
}

/** Deliver one message if it is still scheduled and due; false when another run got there first. */
export async function deliverFutureMessage(ctx: BaseCtx, id: string, now: Date): Promise<boolean> {
  return inTransaction(ctx.db, async (tx) => {
    const [message] = await tx
      .update(futureMessages)
      .set({ status: 'delivered', deliveredAt: now, updatedAt: now })
      .where(and(eq(futureMessages.id, id), eq(futureMessages.status, 'scheduled'), lte(futureMessages.dueAt, now), letterDeliverableSql(tx)))
      .returning();
    if (!message) return false;
    const [row] = await tx
      .select({
        recipientUserId: beneficiaries.userId,
        recipientName: beneficiaries.firstName,
        ownerId: estates.ownerId,
        ownerName: ownerNameSql(),
        estateStatus: estates.status,
      })
      .from(beneficiaries)
      .innerJoin(estates, eq(estates.id, beneficiaries.estateId))
      .innerJoin(users, eq(users.id, estates.ownerId))
      .where(eq(beneficiaries.id, message.recipientId ?? NO_RECIPIENT));
    if (!row?.recipientUserId) throw new Error('future message recipient vanished during delivery');
    const inboxId = randomUUID();
    await tx.insert(messages).values({
      id: inboxId,
      threadId: inboxId,
      senderId: row.ownerId,
      recipientId: row.recipientUserId,
      estateId: message.estateId,
      futureMessageId: message.id,
      subject: message.subject,
      body: message.body,
      createdAt: now,
    });
    const txCtx: BaseCtx = { ...ctx, db: tx };
    await notify(txCtx, {
      userId: row.recipientUserId,
      type: 'message',
      message: `${row.ownerName} left you a message: “${message.subject}”`,
      fromName: row.ownerName,
      link: '/beneficiary/messages',
    });
    // The owner hears that a message they wrote has arrived (legacy updates), while they are alive.
    if (row.estateStatus !== 'active' && readUserSettings(await loadSettingsData(txCtx.db, row.ownerId)).legacyUpdates) {
      await notify(txCtx, {
        userId: row.ownerId,
        type: 'message',
        message: `Your message “${message.subject}” was delivered to ${row.recipientName}`,
        link: '/estate-owner/messages',
      });
    }
    await audit(txCtx, {
      action: 'future_message.delivered',
      actorUserId: null,
      estateId: message.estateId,
      targetType: 'future_message',
      targetId: message.id,
    });
    return true;
  });
}
