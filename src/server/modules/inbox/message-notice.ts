import { eq } from 'drizzle-orm';
import { previewOf } from '../../../core/inbox.schemas.ts';
import type { Ctx } from '../../context.ts';
import { userRoles } from '../../db/schema/users.ts';
import { notify } from '../notifications/notify.ts';

/**
 * Tells the recipient of a new message. Beneficiaries and planners have an inbox screen and get a
 * link to the conversation; estate owners and administrators have no inbox screen in the wireframe,
 * so their notification carries the message's opening words instead.
 */
export async function noticeNewMessage(ctx: Ctx, recipientId: string, message: { threadId: string; subject: string; body: string }) {
  const roles = (await ctx.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, recipientId))).map((r) => r.role);
  const link = roles.includes('beneficiary')
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
