import { and, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import { THREAD_PAGE_SIZE, type TThread, type TThreadQuery } from '../../../core/inbox.schemas.ts';
import type { Ctx } from '../../context.ts';
import { messages } from '../../db/schema/messages.ts';
import { users } from '../../db/schema/users.ts';
import { inboxMessageVisibleSql } from '../../access/policy.ts';
import { notFound } from '../../lib/app-error.ts';
import { openedParts } from '../../sealed/open-sealed.ts';
import { afterCursor, cursorTime, descending, keysetPage } from '../../lib/keyset.ts';
import { describePeople, firstVisibleMessage, otherSide, ownerOfActiveEstate, visibleMessages } from './inbox-views.ts';

/**
 * One conversation: its newest page of messages (or the page before `cursor`), shown oldest first,
 * with `earlierCursor` to load the messages before it. The page walks messages_thread_order_idx
 * backwards and stops at `limit + 1`. A thread the viewer has no visible message in is not found.
 */
export async function getThread(ctx: Ctx, threadId: string, query: TThreadQuery = { limit: THREAD_PAGE_SIZE }): Promise<TThread> {
  const me = ctx.actor.userId;
  const inThread = eq(messages.threadId, threadId);
  const [rows, [latest], first] = await Promise.all([
    ctx.db
      .select({ ...getTableColumns(messages), at: cursorTime(messages.createdAt) })
      .from(messages)
      .where(and(inboxMessageVisibleSql(ctx.db, me), inThread, afterCursor(descending(messages.createdAt, messages.id), query.cursor)))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(query.limit + 1),
    visibleMessages(ctx, inThread, 1),
    firstVisibleMessage(ctx, threadId),
  ]);
  if (!latest || !first) throw notFound('That conversation');
  const { page, nextCursor } = keysetPage(rows, query.limit, (m) => [m.at, m.id]);
  page.reverse();
  const other = otherSide(me, latest);
  const describe = await describePeople(ctx.db, [{ userId: other, estateId: latest.estateId }]);
  const senderIds = [...new Set(page.map((m) => m.senderId).filter((id): id is string => Boolean(id)))];
  // A sealed letter's copy holds only the sealed sentence: its words once the trustees' kits opened it.
  const opened = await openedParts(ctx, 'future-message', 'body', page.flatMap((m) => (m.futureMessageId ? [m.futureMessageId] : [])));
  const names = new Map(
    (senderIds.length ? await ctx.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, senderIds)) : []).map(
      (u) => [u.id, u.name] as const,
    ),
  );
  return {
    threadId,
    subject: first.subject,
    counterpart: describe({ userId: other, estateId: latest.estateId }),
    // A delivered letter starts its thread (deliver-due-future-messages.ts); replies are conversation.
    kind: first.futureMessageId ? 'letter' : 'conversation',
    canReply: Boolean(other) && !(await ownerOfActiveEstate(ctx.db, other, latest.estateId)),
    messages: page.map((m) => ({
      id: m.id,
      fromMe: m.senderId === me,
      senderName: m.senderId === me ? ctx.actor.name : (m.senderId ? (names.get(m.senderId) ?? 'Former member') : 'Heirloom'),
      body: (m.futureMessageId && opened.get(m.futureMessageId)) ?? m.body,
      createdAt: m.createdAt.toISOString(),
      readAt: m.readAt?.toISOString() ?? null,
    })),
    earlierCursor: nextCursor,
  };
}
