import type { BaseCtx } from '../context.ts';
import { appendAuditRows } from './audit-chain.ts';

export interface AuditEntry {
  action: string;
  actorUserId?: string | null;
  estateId?: string | null;
  targetType?: string;
  targetId?: string;
  /** Never secrets or personal content: ids, counts, reasons. */
  details?: Record<string, unknown>;
}

/**
 * Record a security-relevant action: who, what, when (the clock), from where (the request).
 * Appended to its estate's hash chain (or the platform chain): lib/audit-chain.ts, ADR 0045.
 */
export async function audit(ctx: BaseCtx, entry: AuditEntry): Promise<void> {
  await appendAuditRows(ctx.db, [
    {
      at: ctx.clock.now(),
      action: entry.action,
      actorUserId: entry.actorUserId === undefined ? (ctx.actor?.userId ?? null) : entry.actorUserId,
      estateId: entry.estateId ?? ctx.actor?.estateId ?? null,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      ip: ctx.meta.ip,
      userAgent: ctx.meta.userAgent.slice(0, 500),
      details: entry.details ?? {},
    },
  ]);
}

/** A session as the audit log names it (a sign-in's or sign-out's target): the first 12 characters of its id, never the whole. */
export const auditedSessionId = (sessionId: string): string => sessionId.slice(0, 12);
