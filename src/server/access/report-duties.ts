/**
 * Who may act on a report of an owner's death or incapacity (ADR 0076): the person who reported it,
 * the trustees who confirm it and the estate administrator who verifies its proofs must be three
 * different people, so no one person can make a release happen. The trustee's answer, the review
 * of a proof and the verification queue ask only these functions. And no such rule may leave an
 * estate where nobody may take the next step (ADR 0111): the owner's only administrator is never
 * their trustee, and when no administrator of an estate may act, Heirloom's staff appoint another.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { estateReports, verificationItems } from '../db/schema/lifecycle.ts';
import { trusteeRequests } from '../db/schema/report-safeguards.ts';
import { estateTrustees } from '../db/schema/safeguards.ts';
import { administratorAccounts } from './estate-roles.ts';

interface Report {
  id: string;
  reportedBy: string | null;
}

// The trustee's answer and the proof's review each lock the estate row first (lockEstate) and ask
// the refusal below in that transaction: when one person does both at the same moment, whichever
// comes second sees the first and is refused (checked before the transactions, both passed).

const REPORTER_CANNOT_CONFIRM = 'You made this report, so other trustees must confirm it.';
const VERIFIER_CANNOT_CONFIRM = 'You reviewed a proof of this report as the estate administrator, so other trustees must confirm it.';
const NO_OTHER_REVIEWER = 'When nobody else administers this estate, Heirloom’s staff are told and appoint another estate administrator.';
const REPORTER_CANNOT_VERIFY = `You reported this or sent this document, so another estate administrator must review it. ${NO_OTHER_REVIEWER}`;
const CONFIRMER_CANNOT_VERIFY = `You confirmed this report as one of the owner’s trustees, so another estate administrator must review its documents. ${NO_OTHER_REVIEWER}`;

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

/** Why the owner may not name `userIds` as trustees, in words for them; null when they may: their only estate administrator checks what a trustee confirms. */
export async function trusteesRefusal(db: Db, estateId: string, userIds: readonly string[]): Promise<string | null> {
  const only = await onlyAdministratorOf(db, estateId);
  return only && userIds.includes(only.userId) ? onlyAdministratorWords(only.name) : null;
}

/** What the owner reads about their only estate administrator as a trustee (the refusal, and the Settings card). */
export const onlyAdministratorWords = (name: string) =>
  `${name} is your only estate administrator, who checks the documents of a report, so ${name} cannot also be a trustee who confirms it. Choose someone else as a trustee, or ask for a second estate administrator first.`;

/** The estate's only administrator, when it has exactly one (whom the owner cannot name as a trustee). */
export async function onlyAdministratorOf(db: Db, estateId: string): Promise<{ userId: string; name: string } | null> {
  return onlyAdministrator(await administratorAccounts(db, estateId));
}

/** Of an estate's administrators (administratorAccounts), the only one, when there is exactly one. */
export function onlyAdministrator(administrators: readonly { userId: string; name: string }[]): { userId: string; name: string } | null {
  return administrators.length === 1 ? { userId: administrators[0]!.userId, name: administrators[0]!.name } : null;
}

/** Why a platform admin may not make `userId` the estate's (only) administrator; null when they may: a trustee confirms what the administrator checks. */
export async function administratorRefusal(db: Db, estateId: string, userId: string, name: string): Promise<string | null> {
  const [trustee] = await db
    .select({ id: estateTrustees.id })
    .from(estateTrustees)
    .where(and(eq(estateTrustees.estateId, estateId), eq(estateTrustees.userId, userId)))
    .limit(1);
  return trustee
    ? `${name} is one of the owner’s trustees, who confirm a report, so ${name} cannot also be the estate administrator who checks its documents. Choose someone else.`
    : null;
}

/**
 * True when no administrator of the estate may take its next step (ADR 0111): none has an active
 * account, or a proof of its open report waits that every one of them is refused (they reported
 * it, sent it or confirmed it as a trustee). Then, and only then, a platform admin may appoint
 * another administrator while a report is open.
 */
export async function nobodyMayAdminister(db: Db, estateId: string): Promise<boolean> {
  const active = (await administratorAccounts(db, estateId)).filter((a) => a.active);
  if (!active.length) return true;
  const pending = await db
    .select({ id: verificationItems.id, submittedBy: verificationItems.submittedBy, report: { id: estateReports.id, reportedBy: estateReports.reportedBy } })
    .from(verificationItems)
    .innerJoin(estateReports, and(eq(estateReports.id, verificationItems.reportId), eq(estateReports.status, 'open')))
    .where(and(eq(verificationItems.estateId, estateId), eq(verificationItems.status, 'pending')));
  if (!pending.length) return false;
  // One after another: `db` may be a transaction (one connection).
  const refused: Map<string, string>[] = [];
  for (const a of active) refused.push(await verifyRefusals(db, a.userId, pending));
  return pending.some((proof) => refused.every((r) => r.has(proof.id)));
}
