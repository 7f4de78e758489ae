import type { TReportSafeguards } from '../../../core/trustee.schemas.ts';

/** The veto window's countdown and the trustees' confirmations (issue 13), as everyone involved sees them. */
export function SafeguardsCountdown({ safeguards }: { safeguards: TReportSafeguards | null | undefined }) {
  if (!safeguards) return null;
  const quorum = safeguards.quorumNeeded > 0 ? ` Trustees who confirmed: ${safeguards.confirmations} of ${safeguards.quorumNeeded} needed.` : '';
  return <p className="text-sm font-medium text-stone-900">{`${safeguards.countdown}${safeguards.windowOver ? '' : '.'}${quorum}`}</p>;
}
