import { and, count, desc, eq, ne } from 'drizzle-orm';
import { ALERT_GUIDANCE } from '../../../core/constants.ts';
import type { TAlertList, TEstateAlert } from '../../../core/lifecycle.schemas.ts';
import type { CursorOf } from '../../../core/keyset.schemas.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateAlerts } from '../../db/schema/lifecycle.ts';
import { users } from '../../db/schema/users.ts';
import { administersSql } from '../../access/estate-roles.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { afterCursor, cursorTime, descending, keysetPage } from '../../lib/keyset.ts';
import { ownerNameOf } from '../../safeguards/trustee-notices.ts';

type AlertRow = typeof estateAlerts.$inferSelect & { estateName: string };

export function toAlert(row: AlertRow, now: Date): TEstateAlert {
  const ageMs = now.getTime() - row.createdAt.getTime();
  return {
    id: row.id,
    estateId: row.estateId,
    estateName: row.estateName,
    type: row.type as TEstateAlert['type'],
    message: row.message,
    time: row.createdAt.toISOString(),
    priority: row.priority as TEstateAlert['priority'],
    status: row.status as TEstateAlert['status'],
    overdue: row.priority === 'high' && row.status === 'unread' && ageMs > ALERT_GUIDANCE.highPriorityResponseHours * 3_600_000,
  };
}

/**
 * The administrator's alerts (estates they administer): active ones unless a status is asked for,
 * paged newest first; counts of all of them.
 */
export async function listAlerts(ctx: Ctx, query: { status?: TEstateAlert['status'] | undefined; cursor?: CursorOf<['instant', 'id']> | undefined; limit: number }): Promise<TAlertList> {
  const mine = administersSql(ctx.db, ctx.actor.userId, estateAlerts.estateId);
  const rows = await ctx.db
    .select({ alert: estateAlerts, estateName: users.name, at: cursorTime(estateAlerts.createdAt) })
    .from(estateAlerts)
    .innerJoin(estates, eq(estates.id, estateAlerts.estateId))
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(
      and(mine, query.status ? eq(estateAlerts.status, query.status) : ne(estateAlerts.status, 'resolved'), afterCursor(descending(estateAlerts.createdAt, estateAlerts.id), query.cursor)),
    )
    .orderBy(desc(estateAlerts.createdAt), desc(estateAlerts.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.at, r.alert.id]);
  const counted = await ctx.db
    .select({ status: estateAlerts.status, priority: estateAlerts.priority, n: count() })
    .from(estateAlerts)
    .where(mine)
    .groupBy(estateAlerts.status, estateAlerts.priority);
  const sum = (f: (c: (typeof counted)[number]) => boolean) => counted.filter(f).reduce((a, c) => a + c.n, 0);
  const now = ctx.clock.now();
  return {
    items: page.map((r) => toAlert({ ...r.alert, estateName: r.estateName }, now)),
    nextCursor,
    counts: {
      unread: sum((c) => c.status === 'unread'),
      in_progress: sum((c) => c.status === 'in_progress'),
      resolved: sum((c) => c.status === 'resolved'),
      high: sum((c) => c.priority === 'high' && c.status !== 'resolved'),
    },
  };
}

/** Take Action (unread → in_progress) or Resolve (unread | in_progress → resolved); anything else is a 409. */
export async function moveAlert(ctx: Ctx, id: string, to: 'in_progress' | 'resolved'): Promise<TEstateAlert> {
  const [alert] = await ctx.db.select().from(estateAlerts).where(eq(estateAlerts.id, id));
  if (!alert) throw notFound('That alert');
  const [allowed] = await ctx.db.select({ id: estates.id }).from(estates).where(and(eq(estates.id, alert.estateId), administersSql(ctx.db, ctx.actor.userId, estates.id)));
  if (!allowed) throw notFound('That alert');
  const from = to === 'in_progress' ? ['unread'] : ['unread', 'in_progress'];
  if (!from.includes(alert.status)) throw conflict(to === 'in_progress' ? 'This alert is already being handled or resolved.' : 'This alert is already resolved.');
  const [updated] = await ctx.db
    .update(estateAlerts)
    .set({ status: to, updatedAt: ctx.clock.now() })
    .where(and(eq(estateAlerts.id, id), eq(estateAlerts.status, alert.status)))
    .returning();
  if (!updated) throw conflict('Someone else changed this alert just now. Reload to see it.');
  await audit(ctx, { action: `estate_alert.${to}`, estateId: alert.estateId, targetType: 'estate_alert', targetId: id });
  return toAlert({ ...updated, estateName: await ownerNameOf(ctx, alert.estateId) }, ctx.clock.now());
}
