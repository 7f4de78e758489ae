/**
 * Who may act on a report of an owner's death or incapacity (ADR 0076): the person who reported it,
 * the trustees who confirm it and the estate administrator who verifies its proofs must be three
 * different people, so no one person can make a release happen. The trustee's answer, the review
 * of a proof and the verification queue ask only these functions.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { verificationItems } from '../db/schema/lifecycle.ts';
import { trusteeRequests } from '../db/schema/report-safeguards.ts';

interface Report {
  id: string;
  reportedBy: string | null;
}

// The trustee's answer and the proof's review each lock the estate row first (lockEstate) and ask
// the refusal below in that transaction: when one person does both at the same moment, whichever
// comes second sees the first and is refused (checked before the transactions, both passed).

const REPORTER_CANNOT_CONFIRM = 'You made this report, so other trustees must confirm it.';
const VERIFIER_CANNOT_CONFIRM = 'You reviewed a proof of this report as the estate administrator, so other trustees must confirm it.';
const REPORTER_CANNOT_VERIFY = 'You reported this or sent this document, so another estate administrator must review it. Ask the owner’s support team to add one.';
const CONFIRMER_CANNOT_VERIFY =
  'You confirmed this report as one of the owner’s trustees, so another estate administrator must review its documents. Ask the owner’s support team to add one.';

/** Why `userId` may not confirm or deny `report` as a trustee, in words for them; null when they may. */
export async function confirmRefusal(db: Db, userId: string, report: Report): Promise<string | null> {
  if (report.reportedBy === userId) return REPORTER_CANNOT_CONFIRM;
  const [reviewed] = await db
    .select({ id: verificationItems.id })
    .from(verificationItems)
    .where(and(eq(verificationItems.reportId, report.id), eq(verificationItems.reviewedBy, userId)))
    .limit(1);
  return reviewed ? VERIFIER_CANNOT_CONFIRM : null;
}

/**
 * Why `userId` may not review each proof (by its id), in words for them; a proof they may review is
 * absent. One query for the whole page, whatever its length.
 */
export async function verifyRefusals(
  db: Db,
  userId: string,
  proofs: readonly { id: string; submittedBy: string | null; report: Report }[],
): Promise<Map<string, string>> {
  const refusals = new Map<string, string>();
  const reportIds = [...new Set(proofs.map((p) => p.report.id))];
  const confirmed = reportIds.length
    ? await db
        .select({ reportId: trusteeRequests.reportId })
        .from(trusteeRequests)
        .where(and(eq(trusteeRequests.userId, userId), inArray(trusteeRequests.reportId, reportIds), eq(trusteeRequests.answer, 'confirmed')))
    : [];
  const confirmedReports = new Set(confirmed.map((r) => r.reportId));
  for (const proof of proofs) {
    if (proof.report.reportedBy === userId || proof.submittedBy === userId) refusals.set(proof.id, REPORTER_CANNOT_VERIFY);
    else if (confirmedReports.has(proof.report.id)) refusals.set(proof.id, CONFIRMER_CANNOT_VERIFY);
  }
  return refusals;
}

/** Why `userId` may not review this proof; null when they may. */
export async function verifyRefusal(db: Db, userId: string, proof: { id: string; submittedBy: string | null; report: Report }): Promise<string | null> {
  return (await verifyRefusals(db, userId, [proof])).get(proof.id) ?? null;
}
