import { z } from 'zod';

/** The result of walking the audit chains (ADR 0045): intact, or the first broken link in words. */
export const ZAuditVerification = z.object({
  intact: z.boolean(),
  rowsChecked: z.number().int(),
  chains: z.number().int(),
  /** Rows whose personal fields an account deletion erased: their links are checked, not their content. */
  erasedRows: z.number().int(),
  problem: z.enum(['altered', 'missing', 'reordered', 'unchained']).nullable(),
  /** `platform`, or the estate id of the broken chain. */
  chain: z.string().nullable(),
  rowId: z.number().int().nullable(),
  message: z.string(),
});
export type TAuditVerification = z.infer<typeof ZAuditVerification>;

export const ZSnapshotItem = z.object({
  kind: z.enum(['memory', 'memory_media', 'document']),
  id: z.string(),
  title: z.string(),
  /** For items with a file: its name, size and the SHA-256 of its plain content. */
  file: z
    .object({ id: z.string(), name: z.string(), size: z.number().int(), sha256: z.string().nullable() })
    .nullable(),
});
export type TSnapshotItem = z.infer<typeof ZSnapshotItem>;

/** One beneficiary's activation manifest: the exact document served for download. */
export const ZSnapshotManifest = z.object({
  format: z.literal('heirloom-activation-manifest-v1'),
  estateId: z.string(),
  beneficiaryId: z.string(),
  activatedAt: z.string(),
  items: z.array(ZSnapshotItem),
});
export type TSnapshotManifest = z.infer<typeof ZSnapshotManifest>;

/** What the estate page shows about the snapshot before download. */
export const ZSnapshotSummary = z.object({
  estateId: z.string(),
  frozenAt: z.string(),
  itemCount: z.number().int(),
  sha256: z.string(),
  manifest: ZSnapshotManifest,
});
export type TSnapshotSummary = z.infer<typeof ZSnapshotSummary>;
