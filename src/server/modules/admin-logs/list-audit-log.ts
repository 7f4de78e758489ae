import { eq } from 'drizzle-orm';
import { AUDIT_LOG_PAGE_SIZE, type TAuditLogPage, type TAuditLogQuery } from '../../../core/admin-logs.schemas.ts';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { auditLogWhere } from './audit-log-filters.ts';
import { keysetPage } from '../../lib/keyset.ts';
import { auditRows } from './audit-log-rows.ts';

/** Logs: one page of the platform audit log with the filters applied (ADR 0029); every admin sees every entry. */
export async function listAuditLog(ctx: Ctx, query: TAuditLogQuery): Promise<TAuditLogPage> {
  const { cursor, ...filters } = query;
  const where = await auditLogWhere(ctx.db, filters);
  const [rows, actor] = await Promise.all([
    auditRows(ctx.db, where, cursor, AUDIT_LOG_PAGE_SIZE + 1),
    filters.actor ? ctx.db.select({ name: users.name }).from(users).where(eq(users.id, filters.actor)) : Promise.resolve([]),
  ]);
  const { page, nextCursor } = keysetPage(rows, AUDIT_LOG_PAGE_SIZE, (r) => [r.id]);
  return {
    items: page,
    nextCursor,
    actorName: actor[0]?.name ?? null,
  };
}
