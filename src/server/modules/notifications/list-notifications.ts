import { and, count, desc, eq, gte, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import {
  startOfDayIn,
  type NotificationType,
  type TNotification,
  type TNotificationsList,
  type TNotificationsQuery,
} from '../../../core/notifications.schemas.ts';
import { isValidTimeZone } from '../../../core/time-zones.ts';
import type { Ctx } from '../../context.ts';
import { notifications } from '../../db/schema/messages.ts';
import { badRequest } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/like.ts';
import { afterCursor, cursorTime, descending, keysetPage } from '../../lib/keyset.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { loadNotificationSettings } from '../../notices/notification-settings.ts';

type Row = typeof notifications.$inferSelect;

export function toNotification(row: Row): TNotification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    message: row.message,
    from: row.fromName,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    read: Boolean(row.readAt),
    archived: Boolean(row.archivedAt),
  };
}

/**
 * The signed-in user's notifications: search (message and sender), type filter, and a view
 * (inbox = not archived, unread, archived), a page at a time newest first. Counters — unread, today
 * (in the viewer's time zone), total — count the not-archived notifications regardless of search and
 * filter (on the (user_id, created_at) index).
 */
export async function listNotifications(ctx: Ctx, query: TNotificationsQuery): Promise<TNotificationsList> {
  const mine = eq(notifications.userId, ctx.actor.userId);
  const view = query.view ?? 'inbox';
  const conditions: (SQL | undefined)[] = [mine];
  if (view === 'archived') conditions.push(isNotNull(notifications.archivedAt));
  else conditions.push(isNull(notifications.archivedAt));
  if (view === 'unread') conditions.push(isNull(notifications.readAt));
  if (query.type) conditions.push(eq(notifications.type, query.type));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(notifications.message, pattern), ilike(notifications.fromName, pattern)));
  }
  conditions.push(afterCursor(descending(notifications.createdAt, notifications.id), query.cursor));
  const rows = await ctx.db
    .select({ row: notifications, at: cursorTime(notifications.createdAt) })
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.at, r.row.id]);

  if (query.tz && !isValidTimeZone(query.tz)) throw badRequest('Some of the query fields are not valid.', { tz: 'Unknown time zone' });
  // an empty tz= is no time zone given: the platform's default, as when it is left out
  const tz = query.tz || (await getSystemSettings(ctx.db)).defaultTimeZone;
  const todayStart = startOfDayIn(ctx.clock.now(), tz);
  const notArchived = and(mine, isNull(notifications.archivedAt));
  const [[unread], [today], [total]] = await Promise.all([
    ctx.db.select({ n: count() }).from(notifications).where(and(notArchived, isNull(notifications.readAt))),
    ctx.db.select({ n: count() }).from(notifications).where(and(notArchived, gte(notifications.createdAt, todayStart))),
    ctx.db.select({ n: count() }).from(notifications).where(notArchived),
  ]);
  const settings = await loadNotificationSettings(ctx.db, ctx.actor.userId);
  return {
    items: page.map((r) => toNotification(r.row)),
    nextCursor,
    counts: { unread: unread?.n ?? 0, today: today?.n ?? 0, total: total?.n ?? 0 },
    preferences: { newMemories: settings.newMemories, documentUpdates: settings.documentUpdates, newMessages: settings.newMessages },
  };
}
