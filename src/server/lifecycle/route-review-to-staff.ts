import type { BaseCtx } from '../context.ts';
import { activeAdminIds } from '../access/active-admins.ts';
import { nobodyMayAdminister } from '../access/report-duties.ts';
import { notifyAll } from '../notices/notify.ts';
import { raiseAdminAlert } from '../notices/raise-admin-alert.ts';
import { ownerNameOf } from '../safeguards/trustee-notices.ts';

/**
 * In the transaction of a change that can leave a report with nobody who may review it (a report
 * made, or confirmed, by the estate's only administrator): when no administrator of the estate may
 * take its next step, the platform admins are told, once per report, to appoint another — which
 * assign-administrator then allows while the report is open (ADR 0111).
 */
export async function routeReviewToStaff(tx: BaseCtx, estateId: string, reportId: string): Promise<void> {
  if (!(await nobodyMayAdminister(tx.db, estateId))) return;
  const owner = await ownerNameOf(tx, estateId);
  const message = `Nobody may review the documents of the report about ${owner}: no administrator of the estate may (each reported it, sent them or confirmed it as a trustee, or none is active). Assign another estate administrator in Estates.`;
  const raised = await raiseAdminAlert(tx, { type: 'security', message, dedupeKey: `nobody-may-review:${reportId}`, details: { estateId, reportId } });
  if (raised) await notifyAll(tx, await activeAdminIds(tx.db), { type: 'security', message, link: '/admin/estates' });
}
