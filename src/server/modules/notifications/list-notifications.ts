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
import { getSystemSettings } from '../system-settings/get-system-settings.ts';
import { loadNotificationSettings } from './notification-settings.ts';

/** The newest this many are listed; the counters always count everything. */
export const NOTIFICATIONS_PAGE = 200;

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
 * (inbox = not archived, unread, archived). Counters — unread, today (in the viewer's time zone),
 * total — count the not-archived notifications regardless of search and filter.
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
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE);

  if (query.tz && !isValidTimeZone(query.tz)) throw badRequest('Some of the query fields are not valid.', { tz: 'Unknown time zone' });
  const tz = query.tz ?? (await getSystemSettings(ctx.db)).defaultTimeZone;
  const todayStart = startOfDayIn(ctx.clock.now(), tz);
  const notArchived = and(mine, isNull(notifications.archivedAt));
  const [[unread], [today], [total]] = await Promise.all([
    ctx.db.select({ n: count() }).from(notifications).where(and(notArchived, isNull(notifications.readAt))),
    ctx.db.select({ n: count() }).from(notifications).where(and(notArchived, gte(notifications.createdAt, todayStart))),
    ctx.db.select({ n: count() }).from(notifications).where(notArchived),
  ]);
  const settings = await loadNotificationSettings(ctx.db, ctx.actor.userId);
  return {
    items: rows.map(toNotification),
    counts: { unread: unread?.n ?? 0, today: today?.n ?? 0, total: total?.n ?? 0 },
    preferences: { newMemories: settings.newMemories, documentUpdates: settings.documentUpdates, newMessages: settings.newMessages },
  };
}
