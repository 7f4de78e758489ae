import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/system.ts';
import { describeAction } from '../../lib/audit-descriptions.ts';

/**
 * Every action name the audit log holds, in order. A loose index scan over audit_log(action, …):
 * one index probe per distinct action, however many millions of rows there are.
 */
export async function distinctAuditActions(db: Db): Promise<{ action: string; description: string }[]> {
  const result = await db.execute(sql`
    WITH RECURSIVE a(action) AS (
      (SELECT ${auditLog.action} FROM ${auditLog} ORDER BY ${auditLog.action} LIMIT 1)
      UNION ALL
      SELECT (SELECT ${auditLog.action} FROM ${auditLog} WHERE ${auditLog.action} > a.action ORDER BY ${auditLog.action} LIMIT 1)
      FROM a WHERE a.action IS NOT NULL
    )
    SELECT action FROM a WHERE action IS NOT NULL`);
  const list = (result as unknown as { rows: { action: string | null }[] }).rows;
  return list.flatMap((r) => (r.action ? [{ action: r.action, description: describeAction(r.action) }] : []));
}
