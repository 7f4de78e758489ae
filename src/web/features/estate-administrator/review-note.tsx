import type { TVerificationItem } from '../../../core/lifecycle.schemas.ts';

/** Under a proof: why it was rejected, or how its report closed before anyone needed it. */
export function ReviewNote({ item }: { item: Pick<TVerificationItem, 'status' | 'rejectionReason'> }) {
  if (!item.rejectionReason) return null;
  if (item.status === 'rejected') return <p className="mt-1 text-sm text-stone-600">Reason: {item.rejectionReason}</p>;
  if (item.status === 'not_needed') return <p className="mt-1 text-sm text-stone-600">{item.rejectionReason}</p>;
  return null;
}
