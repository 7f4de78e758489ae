import { eq } from 'drizzle-orm';
import { previewOf } from '../../../core/inbox.schemas.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { userRoles } from '../../db/schema/users.ts';
import { notify } from '../../notices/notify.ts';

/**
 * Tells the recipient of a new message, with a link to the conversation in the area it belongs to:
 * the owner of the estate it is about reads it in the Inbox tab of their Messages screen;
 * beneficiaries and planners in their inbox. Estate administrators have no inbox screen in the
 * wireframe, so their notification carries the message's opening words instead.
 */
export async function noticeNewMessage(
  ctx: Ctx,
  recipientId: string,
  message: { threadId: string; subject: string; body: string; estateId: string | null },
) {
  const roles = (await ctx.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, recipientId))).map((r) => r.role);
  const [owned] = message.estateId
    ? await ctx.db.select({ ownerId: estates.ownerId }).from(estates).where(eq(estates.id, message.estateId))
    : [];
  const link =
    owned?.ownerId === recipientId && roles.includes('estate-owner')
      ? `/estate-owner/messages?tab=inbox&thread=${message.threadId}`
      : roles.includes('beneficiary')
        ? `/beneficiary/messages?thread=${message.threadId}`
        : roles.includes('legacy-planner')
          ? '/legacy-planner/messages'
          : undefined;
  await notify(ctx, {
    userId: recipientId,
    type: 'message',
    message: link
      ? `${ctx.actor.name} sent you a message: ${message.subject}`
      : `${ctx.actor.name} sent you a message: ${message.subject} — “${previewOf(message.body, 200)}”`,
    fromName: ctx.actor.name,
    ...(link ? { link } : {}),
  });
}
