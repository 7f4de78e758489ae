import { and, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TAuditLogFilters } from '../../../core/admin-logs.schemas.ts';
import { wallTimeToUtc } from '../../../core/time-zones.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/system.ts';
import { users } from '../../db/schema/users.ts';
import { containsPattern } from '../../lib/like.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { distinctAuditActions } from './audit-actions.ts';

const midnight = (isoDate: string, timeZone: string, plusDays = 0) => {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return wallTimeToUtc(y, m, d + plusDays, 0, 0, timeZone);
};

/**
 * The WHERE of the Logs screen and its CSV (ADR 0029): actor and action exactly; `from`/`to` as
 * whole days in the system's default time zone; `q` matches an action's name or its words
 * ("Signed in") or the actor's name or email, case-insensitively.
 */
export async function auditLogWhere(db: Db, f: TAuditLogFilters): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [];
  if (f.actor) conditions.push(eq(auditLog.actorUserId, f.actor));
  if (f.action) conditions.push(eq(auditLog.action, f.action));
  if (f.from || f.to) {
    const { defaultTimeZone } = await getSystemSettings(db);
    if (f.from) conditions.push(gte(auditLog.at, midnight(f.from, defaultTimeZone)));
    if (f.to) conditions.push(lt(auditLog.at, midnight(f.to, defaultTimeZone, 1)));
  }
  if (f.q) {
    const needle = f.q.toLowerCase();
    const actions = (await distinctAuditActions(db))
      .filter((a) => a.action.toLowerCase().includes(needle) || a.description.toLowerCase().includes(needle))
      .map((a) => a.action);
    const pattern = containsPattern(f.q);
    const actors = sql`${auditLog.actorUserId} IN (SELECT ${users.id} FROM ${users} WHERE ${users.name} ILIKE ${pattern} OR ${users.email} ILIKE ${pattern})`;
    conditions.push(actions.length ? or(inArray(auditLog.action, actions), actors) : actors);
  }
  return and(...conditions);
}
