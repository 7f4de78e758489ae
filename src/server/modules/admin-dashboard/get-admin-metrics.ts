import { sql } from 'drizzle-orm';
import { ACTIVE_USER_DAYS, type TAdminMetrics } from '../../../core/admin-dashboard.schemas.ts';
import { wallTimeToUtc } from '../../../core/time-zones.ts';
import type { Ctx } from '../../context.ts';
import { documents } from '../../db/schema/documents.ts';
import { beneficiaries, estates } from '../../db/schema/estates.ts';
import { memories } from '../../db/schema/memories.ts';
import { futureMessages } from '../../db/schema/messages.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first instant of the calendar month `now` falls in, in `timeZone`. */
export function startOfMonthIn(now: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(now);
  const get = (type: 'year' | 'month') => Number(parts.find((p) => p.type === type)?.value);
  return wallTimeToUtc(get('year'), get('month'), 1, 0, 0, timeZone);
}

/**
 * The dashboard's stat tiles (ADR 0028), every figure counted by the database in one statement
 * (its nine sub-counts run inside one round trip, not one after another):
 * active users = used the app within ACTIVE_USER_DAYS; new users = created since the first of
 * this month in the system's default time zone; planners = accounts with the legacy-planner role;
 * messages = future messages.
 */
export async function getAdminMetrics(ctx: Ctx): Promise<TAdminMetrics> {
  const now = ctx.clock.now();
  const { defaultTimeZone } = await getSystemSettings(ctx.db);
  const activeSince = new Date(now.getTime() - ACTIVE_USER_DAYS * DAY_MS);
  const monthStart = startOfMonthIn(now, defaultTimeZone);
  const n = (q: ReturnType<typeof sql>) => sql<number>`(${q})::int`;
  const [row] = await ctx.db
    .select({
      users: n(sql`SELECT count(*) FROM ${users}`),
      activeUsers: n(sql`SELECT count(*) FROM ${users} WHERE ${users.lastActiveAt} >= ${activeSince.toISOString()}`),
      newUsersThisMonth: n(sql`SELECT count(*) FROM ${users} WHERE ${users.createdAt} >= ${monthStart.toISOString()}`),
      estates: n(sql`SELECT count(*) FROM ${estates}`),
      beneficiaries: n(sql`SELECT count(*) FROM ${beneficiaries}`),
      planners: n(sql`SELECT count(*) FROM ${userRoles} WHERE ${userRoles.role} = 'legacy-planner'`),
      memories: n(sql`SELECT count(*) FROM ${memories}`),
      documents: n(sql`SELECT count(*) FROM ${documents}`),
      messages: n(sql`SELECT count(*) FROM ${futureMessages}`),
    })
    .from(sql`(SELECT 1) AS one`);
  if (!row) throw new Error('the metrics query returned nothing');
  return row;
}
