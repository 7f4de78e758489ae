import { and, count, desc, eq, like, not, or, type SQL } from 'drizzle-orm';
import { SECURITY_LOG_PAGE_SIZE, type TLogPage } from '../../../core/security.schemas.ts';
import type { Ctx } from '../../context.ts';
import { auditLog } from '../../db/schema/system.ts';
import { describeAction, describeDevice } from './describe.ts';

const securityActions = () => or(like(auditLog.action, 'auth.%'), like(auditLog.action, 'security.%'))!;

/** One page of the actor's own audit rows matching `where`, newest first. */
async function page(ctx: Ctx, where: SQL, pageNumber: number): Promise<TLogPage> {
  const scoped = and(eq(auditLog.actorUserId, ctx.actor.userId), where);
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(scoped)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(SECURITY_LOG_PAGE_SIZE)
    .offset((pageNumber - 1) * SECURITY_LOG_PAGE_SIZE);
  const [total] = await ctx.db.select({ n: count() }).from(auditLog).where(scoped);
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      description: describeAction(r.action),
      ip: r.ip,
      device: describeDevice(r.userAgent),
    })),
    page: pageNumber,
    pageSize: SECURITY_LOG_PAGE_SIZE,
    total: Number(total?.n ?? 0),
  };
}

/** Security Log: the actor's sign-ins and security events (auth.*, security.*). */
export function listSecurityLog(ctx: Ctx, pageNumber: number): Promise<TLogPage> {
  return page(ctx, securityActions(), pageNumber);
}

/** Activity Log: everything else the actor did (memory.created, future_message.scheduled, …). */
export function listActivityLog(ctx: Ctx, pageNumber: number): Promise<TLogPage> {
  return page(ctx, not(securityActions()), pageNumber);
}
