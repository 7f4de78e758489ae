import { previewOf, type TInboxList, type TInboxQuery, type TInboxThread } from '../../../core/inbox.schemas.ts';
import type { Ctx } from '../../context.ts';
import { describePeople, otherSide, visibleMessages, type MessageRow } from './inbox-views.ts';

/**
 * The inbox as conversations: one entry per thread the viewer takes part in (newest activity first)
 * with the other side, the thread's subject, a preview of its latest message and an unread mark when
 * a message to the viewer is unread. Owners' letters are listed only while the access policy allows.
 */
export async function listInbox(ctx: Ctx, query: TInboxQuery): Promise<TInboxList> {
  const me = ctx.actor.userId;
  const rows = await visibleMessages(ctx);
  const threads = new Map<string, MessageRow[]>();
  for (const m of rows) {
    const list = threads.get(m.threadId);
    if (list) list.push(m);
    else threads.set(m.threadId, [m]);
  }
  const describe = await describePeople(
    ctx.db,
    rows.map((m) => ({ userId: otherSide(me, m), estateId: m.estateId })),
  );
  let list: TInboxThread[] = [...threads.entries()].map(([threadId, msgs]) => {
    const latest = msgs[0]!; // newest first
    const first = msgs[msgs.length - 1]!;
    return {
      threadId,
      subject: first.subject,
      counterpart: describe({ userId: otherSide(me, latest), estateId: latest.estateId }),
      preview: previewOf(latest.body),
      lastAt: latest.createdAt.toISOString(),
      unread: msgs.some((m) => m.recipientId === me && !m.readAt),
      messageCount: msgs.length,
      kind: msgs.some((m) => m.futureMessageId) ? 'letter' : 'conversation',
    };
  });
  const unreadCount = list.filter((t) => t.unread).length;
  if (query.filter === 'unread') list = list.filter((t) => t.unread);
  if (query.q) {
    const needle = query.q.toLowerCase();
    list = list.filter(
      (t) =>
        t.subject.toLowerCase().includes(needle) ||
        t.counterpart.name.toLowerCase().includes(needle) ||
        threads.get(t.threadId)!.some((m) => m.body.toLowerCase().includes(needle)),
    );
  }
  return { threads: list, unreadCount };
}
