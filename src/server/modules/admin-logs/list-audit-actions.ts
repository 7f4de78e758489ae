import type { TAuditActions } from '../../../core/admin-logs.schemas.ts';
import type { Ctx } from '../../context.ts';
import { distinctAuditActions } from './audit-actions.ts';

/** The Action filter's choices: every action the log holds, with its words. */
export async function listAuditActions(ctx: Ctx): Promise<TAuditActions> {
  return { items: await distinctAuditActions(ctx.db) };
}
