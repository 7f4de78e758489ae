import { z } from 'zod';
import { zIsoDate } from './common.schemas.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS } from './constants.ts';
import { ZFileInfo } from './files.schemas.ts';
import { ZShareAudienceMember, ZShareState } from './sharing.schemas.ts';

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The category list of the Documents screen: All Documents, Legal, Financial, Personal. */
export const DOCUMENT_CATEGORIES = [
  { key: 'all', label: 'All Documents' },
  { key: 'legal', label: 'Legal' },
  { key: 'financial', label: 'Financial' },
  { key: 'personal', label: 'Personal' },
] as const;
export type DocumentCategoryKey = (typeof DOCUMENT_CATEGORIES)[number]['key'];

/** What a document's content may be, by its first bytes: PDF, DOC (OLE compound file), DOCX. */
export const DOCUMENT_FORMATS = {
  'application/pdf': 'PDF',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
} as const;
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const documentFormatOf = (mimeType: string): string =>
  (DOCUMENT_FORMATS as Record<string, string>)[mimeType] ?? 'File';

export const DOCUMENT_REFUSED_PREFIX = 'Only PDF, DOC and DOCX files up to 10 MB can be uploaded.';
export const DOCUMENT_TOO_LARGE_MESSAGE = `${DOCUMENT_REFUSED_PREFIX} This file is larger than 10 MB.`;
export const documentTypeLabel = (type: string): string => (DOCUMENT_TYPE_LABELS as Record<string, string>)[type] ?? 'Other';
export { DOCUMENT_MAX_BYTES };

export const ZDocumentTitle = z.string().trim().min(1, { message: 'Give the document a title' }).max(200);

/**
 * POST /api/v1/documents is a multipart form: fields `title`, `type` and optional `folderId`
 * (before the file), then the file part `file`.
 */
export const ZUploadDocumentFields = z
  .object({
    title: ZDocumentTitle,
    type: z.enum(DOCUMENT_TYPES, { message: 'Choose a document type' }),
    folderId: z.uuid().optional(),
  })
  .strict();
export type TUploadDocumentFields = z.infer<typeof ZUploadDocumentFields>;

export const ZUpdateDocumentRequest = z
  .object({
    title: ZDocumentTitle.optional(),
    type: z.enum(DOCUMENT_TYPES).optional(),
    folderId: z.uuid().nullable().optional(),
  })
  .strict();
export type TUpdateDocumentRequest = z.infer<typeof ZUpdateDocumentRequest>;

export const ZDocumentListQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    type: z.enum(DOCUMENT_TYPES).optional(),
    folderId: z.uuid().optional(),
    /** A beneficiary id (shared with them, directly or through "all"), or 'nobody'. */
    sharedWith: z.union([z.uuid(), z.literal('nobody')]).optional(),
    from: zIsoDate.optional(),
    to: zIsoDate.optional(),
  })
  .strict();
export type TDocumentListQuery = z.infer<typeof ZDocumentListQuery>;

export const ZDocument = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(DOCUMENT_TYPES),
  /** PDF, DOC or DOCX. */
  format: z.string(),
  size: z.number(),
  folderId: z.string().nullable(),
  file: ZFileInfo,
  share: ZShareState,
  createdAt: z.string(),
});
export type TDocument = z.infer<typeof ZDocument>;

export const ZDocumentFolder = z.object({ id: z.string(), name: z.string(), count: z.number() });
export type TDocumentFolder = z.infer<typeof ZDocumentFolder>;

export const ZCreateFolderRequest = z
  .object({ name: z.string().trim().min(1, { message: 'Give the folder a name' }).max(100) })
  .strict();
export type TCreateFolderRequest = z.infer<typeof ZCreateFolderRequest>;

export const ZDocumentList = z.object({
  items: z.array(ZDocument),
  /** Live counts over all the owner's documents (not the current search): all, legal, financial, personal, other. */
  counts: z.object({ all: z.number(), legal: z.number(), financial: z.number(), personal: z.number(), other: z.number() }),
  folders: z.array(ZDocumentFolder),
  beneficiaries: z.array(ZShareAudienceMember),
});
export type TDocumentList = z.infer<typeof ZDocumentList>;
