import { and, desc, eq, like, not, or, type SQL } from 'drizzle-orm';
import type { TLogPage, TLogQuery } from '../../../core/security.schemas.ts';
import type { Ctx } from '../../context.ts';
import { auditLog } from '../../db/schema/system.ts';
import { afterCursor, cursorTime, descending, keysetPage } from '../../lib/keyset.ts';
import { describeAction, describeDevice } from '../../lib/audit-descriptions.ts';

const securityActions = () => or(like(auditLog.action, 'auth.%'), like(auditLog.action, 'security.%'))!;

/**
 * One page of the actor's own audit rows matching `where`, newest first by (at, id): the order of
 * audit_log_actor_at_id_idx read backwards, never OFFSET and never a COUNT of the whole log.
 */
async function page(ctx: Ctx, where: SQL, query: TLogQuery): Promise<TLogPage> {
  const rows = await ctx.db
    .select({ row: auditLog, cursorAt: cursorTime(auditLog.at) })
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, ctx.actor.userId), where, afterCursor(descending(auditLog.at, auditLog.id), query.cursor)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.limit + 1);
  const { page: shown, nextCursor } = keysetPage(rows, query.limit, (r) => [r.cursorAt, String(r.row.id)]);
  return {
    items: shown.map(({ row: r }) => ({
      id: String(r.id),
      at: r.at.toISOString(),
      action: r.action,
      description: describeAction(r.action),
      ip: r.ip,
      device: describeDevice(r.userAgent),
    })),
    nextCursor,
  };
}

/** Security Log: the actor's sign-ins and security events (auth.*, security.*). */
export function listSecurityLog(ctx: Ctx, query: TLogQuery): Promise<TLogPage> {
  return page(ctx, securityActions(), query);
}

/** Activity Log: everything else the actor did (memory.created, future_message.scheduled, …). */
export function listActivityLog(ctx: Ctx, query: TLogQuery): Promise<TLogPage> {
  return page(ctx, not(securityActions()), query);
}
