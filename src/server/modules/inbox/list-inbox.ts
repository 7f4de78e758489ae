import { and, desc, eq, exists, ilike, inArray, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { previewOf, type TInboxList, type TInboxQuery } from '../../../core/inbox.schemas.ts';
import type { Ctx } from '../../context.ts';
import { messages } from '../../db/schema/messages.ts';
import { users } from '../../db/schema/users.ts';
import { inboxMessageVisibleSql, type InboxRowColumns } from '../../access/policy.ts';
import { afterCursor, cursorTime, descending, keysetPage } from '../../lib/keyset.ts';
import { containsPattern } from '../../lib/like.ts';
import { countUnread } from './count-unread.ts';
import { describePeople, otherSide } from './inbox-views.ts';

/** Other messages of the same thread as the listed row, each under the viewer's inbox rule. */
const later = alias(messages, 'inbox_later');
const unreadOne = alias(messages, 'inbox_unread');
const matching = alias(messages, 'inbox_match');
const otherPerson = alias(users, 'inbox_other');

/**
 * The inbox as conversations, one page at a time, newest activity first. Each conversation is listed
 * through its latest visible message — a row with no visible message after it in its thread — so the
 * database pages threads by (created_at, id) of that message with the time cursor, and this reads
 * `limit + 1` of them. The page's threads are then counted in one grouped query (messages, unread,
 * letter, the first subject). Owners' letters are listed only while the access policy allows.
 */
export async function listInbox(ctx: Ctx, query: TInboxQuery): Promise<TInboxList> {
  const me = ctx.actor.userId;
  const visible = (m: InboxRowColumns) => inboxMessageVisibleSql(ctx.db, me, m);
  const sameThread = (m: InboxRowColumns) => eq(m.threadId, messages.threadId);
  const where: (SQL | undefined)[] = [
    visible(messages),
    notExists(
      ctx.db
        .select({ one: sql`1` })
        .from(later)
        .where(and(sameThread(later), sql`(${later.createdAt}, ${later.id}) > (${messages.createdAt}, ${messages.id})`, visible(later))),
    ),
    afterCursor(descending(messages.createdAt, messages.id), query.cursor),
  ];
  if (query.filter === 'unread') {
    where.push(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(unreadOne)
          .where(and(sameThread(unreadOne), eq(unreadOne.recipientId, me), isNull(unreadOne.readAt), visible(unreadOne))),
      ),
    );
  }
  if (query.q) {
    const pattern = containsPattern(query.q);
    const other = sql`case when ${messages.senderId} = ${me} then ${messages.recipientId} else ${messages.senderId} end`;
    where.push(
      or(
        exists(
          ctx.db
            .select({ one: sql`1` })
            .from(matching)
            .where(and(sameThread(matching), or(ilike(matching.subject, pattern), ilike(matching.body, pattern)), visible(matching))),
        ),
        exists(ctx.db.select({ one: sql`1` }).from(otherPerson).where(and(sql`${otherPerson.id} = ${other}`, ilike(otherPerson.name, pattern)))),
      ),
    );
  }
  const rows = await ctx.db
    .select({
      id: messages.id,
      at: cursorTime(messages.createdAt),
      threadId: messages.threadId,
      senderId: messages.senderId,
      recipientId: messages.recipientId,
      estateId: messages.estateId,
      body: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(...where))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.at, r.id]);

  const threadIds = page.map((m) => m.threadId);
  const [stats, describe, { unreadCount }] = await Promise.all([
    threadIds.length
      ? ctx.db
          .select({
            threadId: messages.threadId,
            count: sql<number>`count(*)::int`,
            unread: sql<boolean>`bool_or(${messages.recipientId} = ${me} and ${messages.readAt} is null)`,
            letter: sql<boolean>`bool_or(${messages.futureMessageId} is not null)`,
            subject: sql<string>`(array_agg(${messages.subject} order by ${messages.createdAt}, ${messages.id}))[1]`,
          })
          .from(messages)
          .where(and(inArray(messages.threadId, threadIds), visible(messages)))
          .groupBy(messages.threadId)
      : [],
    describePeople(
      ctx.db,
      page.map((m) => ({ userId: otherSide(me, m), estateId: m.estateId })),
    ),
    countUnread(ctx),
  ]);
  const statsOf = new Map(stats.map((s) => [s.threadId, s]));
  return {
    items: page.map((latest) => {
      const s = statsOf.get(latest.threadId);
      return {
        threadId: latest.threadId,
        subject: s?.subject ?? '',
        counterpart: describe({ userId: otherSide(me, latest), estateId: latest.estateId }),
        preview: previewOf(latest.body),
        lastAt: latest.createdAt.toISOString(),
        unread: s?.unread ?? false,
        messageCount: s?.count ?? 1,
        kind: s?.letter ? 'letter' : 'conversation',
      };
    }),
    nextCursor,
    unreadCount,
  };
}
