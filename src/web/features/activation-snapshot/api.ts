import type { TSnapshotSummary } from '../../../core/audit-integrity.schemas.ts';
import { api, ApiError } from '../../lib/api.ts';

/** The viewer's activation manifest of an estate (ADR 0045); null when there is none (not active, not theirs). */
export async function loadSnapshot(estateId: string): Promise<TSnapshotSummary | null> {
  try {
    return await api.get<TSnapshotSummary>(`/api/v1/shared/estates/${estateId}/snapshot`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The manifest file, byte for byte as frozen (a plain download: the session cookie goes with it). */
export const snapshotHref = (estateId: string) => `/api/v1/shared/estates/${estateId}/snapshot.json`;

/** SHA-256 (hex) of a file chosen in the browser, computed locally with WebCrypto: nothing is uploaded. */
export async function sha256OfFile(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
