import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { TMemorialMessage, TMemorialMessages, TMemorialMessagesQuery } from '../../../core/memorial.schemas.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { memorialMessages } from '../../db/schema/settlement.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { afterCursor, cursorTime, descending, keysetPage } from '../../lib/keyset.ts';
import type { CursorValue } from '../../../core/keyset.schemas.ts';
import { assertMemorialAccess } from './memorial-access.ts';

/** Guestbook messages matching `where`, newest first, one page (by memorial_messages_estate_status_idx). */
export async function messagesPage(db: Db, where: SQL | undefined, cursor: readonly CursorValue[] | undefined, limit: number) {
  const rows = await db
    .select({ row: memorialMessages, at: cursorTime(memorialMessages.createdAt) })
    .from(memorialMessages)
    .where(and(where, afterCursor(descending(memorialMessages.createdAt, memorialMessages.id), cursor as never)))
    .orderBy(desc(memorialMessages.createdAt), desc(memorialMessages.id))
    .limit(limit + 1);
  const { page, nextCursor } = keysetPage(rows, limit, (r) => [r.at, r.row.id]);
  return { items: page.map((r) => toMessage(r.row)), nextCursor };
}

const toMessage = (m: typeof memorialMessages.$inferSelect): TMemorialMessage => ({
  id: m.id,
  authorName: m.authorName,
  body: m.body,
  status: m.status as TMemorialMessage['status'],
  createdAt: m.createdAt.toISOString(),
});

/** GET …/memorial/messages: the guestbook for review, by status (waiting ones by default). */
export async function listMemorialMessages(ctx: Ctx, estateId: string, query: TMemorialMessagesQuery): Promise<TMemorialMessages> {
  await assertMemorialAccess(ctx, estateId, 'publish');
  return messagesPage(ctx.db, and(eq(memorialMessages.estateId, estateId), eq(memorialMessages.status, query.status)), query.cursor, query.limit);
}

/**
 * POST …/approve or …/reject: one guarded statement, so of two reviewers at once one decides and the
 * other is told (409). An approved message can still be rejected later (and the other way round).
 */
export async function reviewMemorialMessage(ctx: Ctx, estateId: string, messageId: string, outcome: 'approved' | 'rejected'): Promise<TMemorialMessage> {
  await assertMemorialAccess(ctx, estateId, 'publish');
  const [before] = await ctx.db.select().from(memorialMessages).where(and(eq(memorialMessages.id, messageId), eq(memorialMessages.estateId, estateId)));
  if (!before) throw notFound('That message');
  const already = conflict(outcome === 'approved' ? 'That message is already shown.' : 'That message is already hidden.');
  if (before.status === outcome) throw already;
  const [after] = await ctx.db
    .update(memorialMessages)
    .set({ status: outcome, reviewedBy: ctx.actor.userId, reviewedAt: ctx.clock.now() })
    .where(and(eq(memorialMessages.id, messageId), eq(memorialMessages.status, before.status)))
    .returning();
  if (!after) throw already;
  await audit(ctx, { action: `memorial.message_${outcome}`, estateId, targetType: 'memorial_message', targetId: messageId });
  return toMessage(after);
}
