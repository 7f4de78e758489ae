import { count, desc, eq, sql } from 'drizzle-orm';
import type { TFutureMessageList, TFutureMessageListQuery } from '../../../core/future-messages.schemas.ts';
import { futureMessageCursorOf } from '../../../core/keyset.schemas.ts';
import type { Ctx } from '../../context.ts';
import { futureMessageDueKey, futureMessages, futureMessageStatusRank } from '../../db/schema/messages.ts';
import { keysetPage } from '../../lib/keyset.ts';
import { selectMessages, toFutureMessages } from './future-message-view.ts';

/**
 * Scheduled, then drafts, then delivered; soonest due first (none last); then most recently changed,
 * and the id — the order of future_messages_estate_order_idx (ADR 0059).
 */
const ORDER = [futureMessageStatusRank, futureMessageDueKey, desc(futureMessages.updatedAt), desc(futureMessages.id)];

/**
 * One page of the owner's future messages, and how many there are in each status. The order mixes
 * directions (due ascending, last change descending), so a page after a cursor is two index walks:
 * the rest of the cursor's (status, due) group, newest change first, then the groups after it.
 */
export async function listFutureMessages(ctx: Ctx, query: TFutureMessageListQuery): Promise<TFutureMessageList> {
  const estateId = ctx.actor.estateId;
  if (!estateId) return { items: [], nextCursor: null, counts: { scheduled: 0, draft: 0, delivered: 0 } };
  const want = query.limit + 1;
  const c = query.cursor;
  const sameGroup = c
    ? await selectMessages(
        ctx,
        estateId,
        sql`(${futureMessageStatusRank}, ${futureMessageDueKey}) = (${c.status}::int, ${c.due}::timestamptz) and (${futureMessages.updatedAt}, ${futureMessages.id}) < (${c.at}::timestamptz, ${c.id}::uuid)`,
        ORDER,
        want,
      )
    : [];
  const later =
    sameGroup.length < want
      ? await selectMessages(
          ctx,
          estateId,
          c ? sql`(${futureMessageStatusRank}, ${futureMessageDueKey}) > (${c.status}::int, ${c.due}::timestamptz)` : undefined,
          ORDER,
          want - sameGroup.length,
        )
      : [];
  const { page, nextCursor } = keysetPage([...sameGroup, ...later], query.limit, (r) => futureMessageCursorOf(r.statusRank, r.due, r.at, r.message.id));
  return { items: await toFutureMessages(ctx, estateId, page), nextCursor, counts: await statusCounts(ctx, estateId) };
}

/** How many of the estate's messages are in each status (future_messages_estate_idx). */
async function statusCounts(ctx: Ctx, estateId: string): Promise<TFutureMessageList['counts']> {
  const rows = await ctx.db
    .select({ status: futureMessages.status, n: count() })
    .from(futureMessages)
    .where(eq(futureMessages.estateId, estateId))
    .groupBy(futureMessages.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { scheduled: of('scheduled'), draft: of('draft'), delivered: of('delivered') };
}
