import { eq, inArray } from 'drizzle-orm';
import type { TThread } from '../../../core/inbox.schemas.ts';
import type { Ctx } from '../../context.ts';
import { messages } from '../../db/schema/messages.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/app-error.ts';
import { describePeople, otherSide, ownerOfActiveEstate, visibleMessages } from './inbox-views.ts';

/** One conversation, oldest message first. A thread the viewer has no visible message in is not found. */
export async function getThread(ctx: Ctx, threadId: string): Promise<TThread> {
  const me = ctx.actor.userId;
  const rows = (await visibleMessages(ctx, eq(messages.threadId, threadId))).reverse();
  if (!rows.length) throw notFound('That conversation');
  const latest = rows[rows.length - 1]!;
  const other = otherSide(me, latest);
  const describe = await describePeople(ctx.db, [{ userId: other, estateId: latest.estateId }]);
  const senderIds = [...new Set(rows.map((m) => m.senderId).filter((id): id is string => Boolean(id)))];
  const names = new Map(
    (senderIds.length ? await ctx.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, senderIds)) : []).map(
      (u) => [u.id, u.name] as const,
    ),
  );
  return {
    threadId,
    subject: rows[0]!.subject,
    counterpart: describe({ userId: other, estateId: latest.estateId }),
    kind: rows.some((m) => m.futureMessageId) ? 'letter' : 'conversation',
    canReply: Boolean(other) && !(await ownerOfActiveEstate(ctx.db, other, latest.estateId)),
    messages: rows.map((m) => ({
      id: m.id,
      fromMe: m.senderId === me,
      senderName: m.senderId === me ? ctx.actor.name : (m.senderId ? (names.get(m.senderId) ?? 'Former member') : 'Heirloom'),
      body: m.body,
      createdAt: m.createdAt.toISOString(),
      readAt: m.readAt?.toISOString() ?? null,
    })),
  };
}

