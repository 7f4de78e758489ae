/**
 * Which reports an estate accepts and which proofs decide them (ADR 0019). Pure, so the report form,
 * the server's checks and the tests share one answer.
 *
 * - The owner's activation condition decides which events may release the estate: "Upon death"
 *   accepts only a death; the other conditions accept a death or an incapacity.
 * - The required proofs are the one the event itself needs — a Death Certificate for a death,
 *   medical documentation for an incapacity — plus the administrators' "required documents" that
 *   fit the event (a will or a death certificate proves nothing about a living person).
 * - A report is verified when every required proof has a verified document; it is rejected as soon
 *   as one required proof has none verified and none waiting.
 */
import type { ReportEvent } from './constants.ts';
import { proofTypeOfLabel, type ProofDocumentType } from './lifecycle.schemas.ts';

export function reportEventAllowed(activationCondition: string, event: ReportEvent): boolean {
  return activationCondition === 'upon_death' ? event === 'death' : true;
}

const FOR_DEATH: ProofDocumentType[] = ['death_certificate', 'will', 'power_of_attorney'];
const FOR_INCAPACITY: ProofDocumentType[] = ['medical', 'power_of_attorney'];

export function requiredProofs(event: ReportEvent, requiredDocumentLabels: readonly string[]): ProofDocumentType[] {
  const own: ProofDocumentType = event === 'death' ? 'death_certificate' : 'medical';
  const fitting = event === 'death' ? FOR_DEATH : FOR_INCAPACITY;
  const wanted = requiredDocumentLabels.flatMap((label) => proofTypeOfLabel(label) ?? []).filter((t) => fitting.includes(t));
  return [...new Set([own, ...wanted])];
}

export type ReportOutcome = 'verified' | 'rejected' | null;

export function reportOutcome(required: readonly ProofDocumentType[], items: readonly { documentType: string; status: string }[]): ReportOutcome {
  const has = (type: string, status: string) => items.some((i) => i.documentType === type && i.status === status);
  if (required.every((t) => has(t, 'verified'))) return 'verified';
  if (required.some((t) => !has(t, 'verified') && !has(t, 'pending'))) return 'rejected';
  return null;
}
