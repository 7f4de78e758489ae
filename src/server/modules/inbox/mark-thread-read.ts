import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TThread } from '../../../core/inbox.schemas.ts';
import type { Ctx } from '../../context.ts';
import { messages } from '../../db/schema/messages.ts';
import { notFound } from '../../lib/app-error.ts';
import { getThread } from './get-thread.ts';
import { visibleMessages } from './inbox-views.ts';

/** Read: marks every visible message of the thread addressed to the viewer as read, and returns the thread. */
export async function markThreadRead(ctx: Ctx, threadId: string): Promise<TThread> {
  const me = ctx.actor.userId;
  const rows = await visibleMessages(ctx, eq(messages.threadId, threadId));
  if (!rows.length) throw notFound('That conversation');
  const unread = rows.filter((m) => m.recipientId === me && !m.readAt).map((m) => m.id);
  if (unread.length) {
    await ctx.db
      .update(messages)
      .set({ readAt: ctx.clock.now() })
      .where(and(inArray(messages.id, unread), eq(messages.recipientId, me), isNull(messages.readAt)));
  }
  return getThread(ctx, threadId);
}
