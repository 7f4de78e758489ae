import { z } from 'zod';

/** How long a ready archive (and its download link) is kept before the sweep deletes it. */
export const LEGACY_EXPORT_LINK_HOURS = 24;
/** The web page a download link opens (token in the fragment; it checks the link, then offers the download). */
export const LEGACY_EXPORT_PAGE_PATH = '/estate-owner/export';

export const LEGACY_EXPORT_STATUSES = ['queued', 'running', 'ready', 'downloaded', 'expired', 'failed'] as const;
export type TLegacyExportStatus = (typeof LEGACY_EXPORT_STATUSES)[number];
/** An export in one of these states blocks a new one (409). */
export const ACTIVE_LEGACY_EXPORT_STATUSES: readonly TLegacyExportStatus[] = ['queued', 'running'];

/**
 * Start an export. The password (and, with two-factor on, a code) is asked only to include
 * digital-asset secrets: without it the archive leaves them out and says so.
 */
export const ZStartLegacyExportRequest = z
  .object({
    includeSecrets: z.boolean().default(false),
    password: z.string().max(200).optional(),
    code: z.string().trim().max(40).optional(),
  })
  .strict();
export type TStartLegacyExportRequest = z.input<typeof ZStartLegacyExportRequest>;

export const ZLegacyExport = z.object({
  id: z.uuid(),
  status: z.enum(LEGACY_EXPORT_STATUSES),
  includeSecrets: z.boolean(),
  totalFiles: z.number().int(),
  packedFiles: z.number().int(),
  /** Bytes of the archive once it is ready. */
  size: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
});
export type TLegacyExport = z.infer<typeof ZLegacyExport>;

export const ZLatestLegacyExport = z.object({ export: ZLegacyExport.nullable() });
export type TLatestLegacyExport = z.infer<typeof ZLatestLegacyExport>;

/** A fresh single-use download link (the previous one stops working). */
export const ZLegacyExportLink = z.object({ url: z.string(), expiresAt: z.iso.datetime() });
export type TLegacyExportLink = z.infer<typeof ZLegacyExportLink>;

export const ZLegacyExportTokenParams = z.object({ token: z.string().min(20).max(100) }).strict();

/** What the download page shows for a link before it is used. */
export const ZLegacyExportLinkStatus = z.object({ size: z.number().int(), createdAt: z.iso.datetime(), expiresAt: z.iso.datetime(), includeSecrets: z.boolean() });
export type TLegacyExportLinkStatus = z.infer<typeof ZLegacyExportLinkStatus>;

export const legacyExportDownloadPath = (token: string) => `/api/v1/legacy-exports/download/${encodeURIComponent(token)}`;
export const legacyExportPagePath = (token: string) => `${LEGACY_EXPORT_PAGE_PATH}#${encodeURIComponent(token)}`;
