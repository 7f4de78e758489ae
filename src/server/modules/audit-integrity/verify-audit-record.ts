import type { TAuditVerification } from '../../../core/audit-integrity.schemas.ts';
import type { Ctx } from '../../context.ts';
import { audit } from '../../lib/audit.ts';
import { verifyAuditChain } from './verify-audit-chain.ts';

/** The admin's "Verify audit record": walk the chains, then record that it was checked and the verdict. */
export async function verifyAuditRecord(ctx: Ctx): Promise<TAuditVerification> {
  const result = await verifyAuditChain(ctx.db);
  await audit(ctx, {
    action: 'audit.verified',
    estateId: null,
    details: { intact: result.intact, rowsChecked: result.rowsChecked, problem: result.problem, rowId: result.rowId },
  });
  return result;
}
