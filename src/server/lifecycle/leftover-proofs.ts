import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { estateAlerts, verificationItems } from '../db/schema/lifecycle.ts';

/** The dedupe key of the sweep's "waited longer than the verification timeout" alert for one proof. */
export const overdueProofAlertKey = (itemId: string) => `timeout:${itemId}`;

/** Why a proof was never reviewed, by how its report closed; shown beside "Not needed". */
export const NOT_NEEDED_NOTE = {
  verified: 'Not needed: the report was verified without it.',
  rejected: 'Not needed: the report was rejected.',
  withdrawn: 'Not needed: the report was withdrawn by the estate owner.',
} as const;

/**
 * A report closed (verified, rejected or withdrawn): the proofs of it still waiting are settled as
 * `not_needed` and any overdue alert already raised for them is resolved, so nothing of a decided
 * report stays in the queue, in "Pending Review" or in the alerts (ADR 0078). Called in the
 * transaction that closes the report.
 */
export async function settleLeftoverProofs(db: Db, reportId: string, closedAs: keyof typeof NOT_NEEDED_NOTE, now: Date): Promise<number> {
  const settled = await db
    .update(verificationItems)
    .set({ status: 'not_needed', reviewedAt: now, rejectionReason: NOT_NEEDED_NOTE[closedAs] })
    .where(and(eq(verificationItems.reportId, reportId), eq(verificationItems.status, 'pending')))
    .returning({ id: verificationItems.id });
  if (settled.length) {
    await db
      .update(estateAlerts)
      .set({ status: 'resolved', updatedAt: now })
      .where(and(inArray(estateAlerts.dedupeKey, settled.map((s) => overdueProofAlertKey(s.id))), ne(estateAlerts.status, 'resolved')));
  }
  return settled.length;
}
