import { and, eq, type SQL } from 'drizzle-orm';
import type { TAuditLogEntry } from '../../../core/admin-logs.schemas.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/system.ts';
import { users } from '../../db/schema/users.ts';
import { afterCursor, descending, orderOf, type CursorFor } from '../../lib/keyset.ts';
import { describeAction } from '../../lib/audit-descriptions.ts';

/** "memory 3f2a9c1e": what was acted on, its id shortened (a glance, not a lookup key). */
const targetOf = (type: string | null, id: string | null) => [type?.replace(/_/g, ' '), id?.slice(0, 8)].filter(Boolean).join(' ');

/** The audit log's order, newest first: its bigserial id (the primary key, or audit_log(actor_user_id, id) / (action, id) when filtered). */
const AUDIT_LOG_ORDER = descending(auditLog.id);

/**
 * Up to `limit` audit rows matching `where` after the row whose id is `after` (its entry's id, as
 * text), in AUDIT_LOG_ORDER — never OFFSET. The details column is never read: it is for
 * investigations, not lists.
 */
export async function auditRows(db: Db, where: SQL | undefined, after: CursorFor<typeof AUDIT_LOG_ORDER> | undefined, limit: number): Promise<TAuditLogEntry[]> {
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
    .where(and(where, afterCursor(AUDIT_LOG_ORDER, after)))
    .orderBy(...orderOf(AUDIT_LOG_ORDER))
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
