import { SEAL_MIN_SHARES } from '../../../core/seal/seal-keys.ts';
import type { Trustee } from '../../access/trustees.ts';

/** Why the owner cannot make a seal now, in their words (null: they can). */
export function cannotSealBecause(status: string, trustees: Trustee[], threshold: number): string | null {
  if (status === 'active') return 'Your estate is active: nothing more can be sealed.';
  if (status !== 'planning') return 'A report about you is open. Cancel it from your dashboard first, then make your seal.';
  if (trustees.length < SEAL_MIN_SHARES) return 'Name at least two trustees first: a seal is opened by your trustees together, never by one person alone.';
  if (threshold < SEAL_MIN_SHARES) return 'Ask at least two of your trustees to confirm a report first (in your release safeguards): the same number will be needed to open the seal.';
  return null;
}
