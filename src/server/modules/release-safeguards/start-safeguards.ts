import type { BaseCtx } from '../../context.ts';
import type { EventCatalogue } from '../../events/catalogue.ts';
import { advanceQuorum, recordReportSafeguards } from './advance-quorum.ts';
import { remindOwnerOfReport } from './remind-owner.ts';

/**
 * A report was made (event estate.reported, in its transaction): its veto window and quorum are
 * fixed, the first trustees in line are asked, and the owner gets today's cancel link.
 */
export async function startSafeguards(ctx: BaseCtx, { report }: EventCatalogue['estate.reported']): Promise<void> {
  await recordReportSafeguards(ctx.db, report);
  await advanceQuorum(ctx, report.id);
  await remindOwnerOfReport(ctx, report.id);
}
