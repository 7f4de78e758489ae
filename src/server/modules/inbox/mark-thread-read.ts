import { and, eq, isNull } from 'drizzle-orm';
import { inboxMessageVisibleSql } from '../../access/policy.ts';
import type { TThread } from '../../../core/inbox.schemas.ts';
import type { Ctx } from '../../context.ts';
import { messages } from '../../db/schema/messages.ts';
import { notFound } from '../../lib/app-error.ts';
import { getThread } from './get-thread.ts';
import { visibleMessages } from './inbox-views.ts';

/**
 * Read: marks every visible message of the thread addressed to the viewer as read (one UPDATE under
 * the inbox rule, however long the thread), and returns the thread's newest page.
 */
export async function markThreadRead(ctx: Ctx, threadId: string): Promise<TThread> {
  const me = ctx.actor.userId;
  const [any] = await visibleMessages(ctx, eq(messages.threadId, threadId), 1);
  if (!any) throw notFound('That conversation');
  await ctx.db
    .update(messages)
    .set({ readAt: ctx.clock.now() })
    .where(and(eq(messages.threadId, threadId), eq(messages.recipientId, me), isNull(messages.readAt), inboxMessageVisibleSql(ctx.db, me)));
  return getThread(ctx, threadId);
}
