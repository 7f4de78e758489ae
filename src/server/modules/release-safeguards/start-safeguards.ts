import type { BaseCtx } from '../../context.ts';
import { advanceQuorum } from './advance-quorum.ts';
import { remindOwnerOfReport } from './remind-owner.ts';

/** In the report's transaction: the first trustees in line are asked, and the owner gets today's cancel link. */
export async function afterReportMade(ctx: BaseCtx, reportId: string): Promise<void> {
  await advanceQuorum(ctx, reportId);
  await remindOwnerOfReport(ctx, reportId);
}
