import { randomUUID } from 'node:crypto';
import type { TSendBeneficiaryMessageRequest } from '../../../core/beneficiaries.schemas.ts';
import type { Ctx } from '../../context.ts';
import { messages } from '../../db/schema/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertMessageAllowed } from '../../mail/send-limits.ts';
import { notify } from '../../notices/notify.ts';
import { ownBeneficiary } from '../../views/beneficiary-view.ts';
import { inMailTransaction } from '../../mail/mailer.ts';

export const NOT_LINKED = 'BENEFICIARY_NOT_LINKED';

/**
 * The dashboard's "Message": a new inbox thread to the beneficiary's own account. Someone who has
 * not accepted their invitation has no inbox yet: 409 with a message saying so.
 */
export async function sendBeneficiaryMessage(ctx: Ctx, id: string, input: TSendBeneficiaryMessageRequest): Promise<{ id: string }> {
  const row = await ownBeneficiary(ctx, id);
  if (!row.userId) {
    throw new AppError(
      NOT_LINKED,
      409,
      `${row.firstName} has not accepted their invitation yet, so they have no inbox. Resend the invitation, then try again.`,
    );
  }
  const messageId = randomUUID();
  const recipientId = row.userId;
  const now = ctx.clock.now();
  // Count and insert in one transaction under the sender's lock: parallel requests cannot slip past the limit.
  await inMailTransaction(ctx, async (tx) => {
    await assertMessageAllowed(tx.db, ctx.actor.userId, recipientId, now);
    await tx.db.insert(messages).values({
      id: messageId,
      threadId: messageId,
      senderId: ctx.actor.userId,
      recipientId,
      estateId: row.estateId,
      subject: input.subject,
      body: input.body,
      createdAt: now,
    });
    await notify(tx, {
      userId: recipientId,
      type: 'message',
      message: `${ctx.actor.name} sent you a message: ${input.subject}`,
      fromName: ctx.actor.name,
      link: '/beneficiary/messages',
    });
  });
  return { id: messageId };
}
