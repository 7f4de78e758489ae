import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { TAuditLogEntry } from '../../../core/admin-logs.schemas.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/system.ts';
import { users } from '../../db/schema/users.ts';
import { describeAction } from '../security/describe.ts';

/** "memory 3f2a9c1e": what was acted on, its id shortened (a glance, not a lookup key). */
const targetOf = (type: string | null, id: string | null) => [type?.replace(/_/g, ' '), id?.slice(0, 8)].filter(Boolean).join(' ');

/**
 * Up to `limit` audit rows matching `where` with ids below `beforeId`, newest first: ORDER BY id
 * DESC with `id < cursor` (the primary key, or audit_log(actor_user_id, id) / (action, id) when
 * filtered), never OFFSET. The details column is never read: it is for investigations, not lists.
 */
export async function auditRows(db: Db, where: SQL | undefined, beforeId: number | undefined, limit: number): Promise<TAuditLogEntry[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorId: auditLog.actorUserId,
      actorName: users.name,
      actorEmail: users.email,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(where, beforeId === undefined ? undefined : lt(auditLog.id, beforeId)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: String(r.id),
    at: r.at.toISOString(),
    actorId: r.actorId,
    actorName: r.actorName,
    actorEmail: r.actorEmail,
    action: r.action,
    description: describeAction(r.action),
    target: targetOf(r.targetType, r.targetId),
    ip: r.ip,
  }));
}
