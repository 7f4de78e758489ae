import { randomUUID } from 'node:crypto';
import type { TComposeMessageRequest, TThread } from '../../../core/inbox.schemas.ts';
import type { Ctx } from '../../context.ts';
import { messages } from '../../db/schema/messages.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { assertMessageAllowed } from '../../mail/send-limits.ts';
import { getThread } from './get-thread.ts';
import { ownerOfActiveEstate } from './inbox-views.ts';
import { findContact, hasContactsAbout } from './list-contacts.ts';
import { noticeNewMessage } from './message-notice.ts';

/**
 * Compose Message: a new conversation with one of the viewer's contacts (list-contacts.ts): the owner
 * of an estate the viewer is a beneficiary of (while it is not active) or one of that estate's support
 * team; for a legacy planner, a client or Heirloom Support. An estate the viewer is not
 * linked to, or a recipient who is not one of its contacts, is not found (each a narrowed contacts read, not the whole list); the owner of an active
 * estate is refused with 400. Limited per account and recipient (SEND_LIMITS): 429 over it.
 */
export async function composeMessage(ctx: Ctx, input: TComposeMessageRequest): Promise<TThread> {
  if (!(await hasContactsAbout(ctx, input.estateId))) throw notFound('That estate');
  if (await ownerOfActiveEstate(ctx.db, input.recipientUserId, input.estateId)) {
    throw new AppError('RECIPIENT_UNAVAILABLE', 400, 'This estate is active: write to its support team instead.', {
      recipientUserId: 'Choose a member of the support team',
    });
  }
  const contact = await findContact(ctx, input.estateId, input.recipientUserId);
  if (!contact) throw notFound('That recipient');

  const id = randomUUID();
  const now = ctx.clock.now();
  // Count, insert and tell the recipient in one transaction under the sender's lock: parallel
  // requests cannot slip past the limit, and the notice commits with the message (ADR 0077).
  await inMailTransaction(ctx, async (txCtx) => {
    await assertMessageAllowed(txCtx.db, ctx.actor.userId, contact.userId, now);
    await txCtx.db.insert(messages).values({
      id,
      threadId: id,
      senderId: ctx.actor.userId,
      recipientId: contact.userId,
      estateId: input.estateId,
      subject: input.subject,
      body: input.body,
      createdAt: now,
    });
    await audit(txCtx, { action: 'message.sent', estateId: input.estateId, targetType: 'message', targetId: id, details: { recipient: contact.roleLabel } });
    await noticeNewMessage(txCtx, contact.userId, { threadId: id, subject: input.subject, body: input.body, estateId: input.estateId });
  });
  return getThread(ctx, id);
}
