import { count, eq } from 'drizzle-orm';
import type { TFutureMessageList, TFutureMessageListQuery } from '../../../core/future-messages.schemas.ts';
import type { Ctx } from '../../context.ts';
import { futureMessageDueKey, futureMessages, futureMessageStatusRank } from '../../db/schema/messages.ts';
import { afterCursorParts, ascending, descending, keysetPage, orderOf } from '../../lib/keyset.ts';
import { selectMessages, toFutureMessages } from './future-message-view.ts';

/**
 * Scheduled, then drafts, then delivered; soonest due first (none last); then most recently changed,
 * and the id — the order of future_messages_estate_order_idx (ADR 0059).
 */
const ORDER = [...ascending(futureMessageStatusRank, futureMessageDueKey), ...descending(futureMessages.updatedAt, futureMessages.id)] as const;

/**
 * One page of the owner's future messages, and how many there are in each status. The order mixes
 * directions (due ascending, last change descending), so a page after a cursor is two index walks:
 * the rest of the cursor's (status, due) group, newest change first, then the groups after it.
 */
export async function listFutureMessages(ctx: Ctx, query: TFutureMessageListQuery): Promise<TFutureMessageList> {
  const estateId = ctx.actor.estateId;
  if (!estateId) return { items: [], nextCursor: null, counts: { scheduled: 0, draft: 0, delivered: 0 } };
  const want = query.limit + 1;
  const rows: Awaited<ReturnType<typeof selectMessages>> = [];
  for (const part of query.cursor ? afterCursorParts(ORDER, query.cursor) : [undefined]) {
    if (rows.length === want) break;
    rows.push(...(await selectMessages(ctx, estateId, part, orderOf(ORDER), want - rows.length)));
  }
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.statusRank, r.due, r.at, r.message.id]);
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
