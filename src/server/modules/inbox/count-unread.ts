import { and, countDistinct, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { messages } from '../../db/schema/messages.ts';
import { inboxMessageVisibleSql } from '../../access/policy.ts';

/**
 * How many conversations have a message to the viewer they have not read (the sidebar's badge):
 * one COUNT over the recipient index, through the same visibility rule as the inbox itself.
 */
export async function countUnread(ctx: Ctx): Promise<{ unreadCount: number }> {
  const me = ctx.actor.userId;
  const [row] = await ctx.db
    .select({ n: countDistinct(messages.threadId) })
    .from(messages)
    .where(and(eq(messages.recipientId, me), isNull(messages.readAt), inboxMessageVisibleSql(ctx.db, me)));
  return { unreadCount: Number(row?.n ?? 0) };
}
