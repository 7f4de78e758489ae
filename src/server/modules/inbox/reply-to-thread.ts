import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TReplyRequest, TThread } from '../../../core/inbox.schemas.ts';
import type { Ctx } from '../../context.ts';
import { messages } from '../../db/schema/messages.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { assertMessageAllowed } from '../../mail/send-limits.ts';
import { getThread } from './get-thread.ts';
import { firstVisibleMessage, otherSide, ownerOfActiveEstate, visibleMessages } from './inbox-views.ts';
import { noticeNewMessage } from './message-notice.ts';

/**
 * A reply in a conversation the viewer takes part in, to the other side. Refused (400) when the other
 * side can no longer receive messages: the owner of an estate that is now active, or a removed account.
 * Limited per account and recipient (SEND_LIMITS): 429 over it.
 */
export async function replyToThread(ctx: Ctx, threadId: string, input: TReplyRequest): Promise<TThread> {
  const [latest] = await visibleMessages(ctx, eq(messages.threadId, threadId), 1);
  if (!latest) throw notFound('That conversation');
  const other = otherSide(ctx.actor.userId, latest);
  if (!other || (await ownerOfActiveEstate(ctx.db, other, latest.estateId))) {
    throw new AppError('RECIPIENT_UNAVAILABLE', 400, 'This conversation can no longer be replied to. Write to the support team instead.');
  }
  const first = await firstVisibleMessage(ctx, threadId);
  const subject = first!.subject.startsWith('Re: ') ? first!.subject : `Re: ${first!.subject}`;
  const id = randomUUID();
  const now = ctx.clock.now();
  // Count, insert and tell the recipient in one transaction under the sender's lock: parallel
  // requests cannot slip past the limit, and the notice commits with the message (ADR 0077).
  await inMailTransaction(ctx, async (txCtx) => {
    await assertMessageAllowed(txCtx.db, ctx.actor.userId, other, now);
    await txCtx.db.insert(messages).values({
      id,
      threadId,
      senderId: ctx.actor.userId,
      recipientId: other,
      estateId: latest.estateId,
      subject: subject.slice(0, 200),
      body: input.body,
      createdAt: now,
    });
    await audit(txCtx, { action: 'message.sent', estateId: latest.estateId, targetType: 'message', targetId: id, details: { reply: true } });
    await noticeNewMessage(txCtx, other, { threadId, subject, body: input.body, estateId: latest.estateId });
  });
  return getThread(ctx, threadId);
}
