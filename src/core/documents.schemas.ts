import { z } from 'zod';
import { ZSealRecipient, ZSealTag } from './estate-seal.schemas.ts';
import { sealedFileType } from './seal/armor.ts';
import { zIsoDate } from './common.schemas.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS } from './constants.ts';
import { ZFileInfo } from './files.schemas.ts';
import { zCursor, zPageSize } from './keyset.schemas.ts';
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
/** A sealed document's type, from its name ("Will.pdf.age" is a PDF): the server cannot look inside. */
export function sealedDocumentMime(fileName: string): keyof typeof DOCUMENT_FORMATS | null {
  const type = sealedFileType(fileName);
  return type && type in DOCUMENT_FORMATS ? (type as keyof typeof DOCUMENT_FORMATS) : null;
}

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
    /**
     * Present only for a sealed document (ADR 0099): the seal the owner's browser sealed the file to.
     * The file is then an age file named after the original ("Will.pdf.age").
     */
    sealTag: ZSealTag.optional(),
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

/** The documents list's search and filters (the screen keeps them in its address). */
export const ZDocumentFilters = z
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
export type TDocumentFilters = z.infer<typeof ZDocumentFilters>;
export const DOCUMENT_PAGE_SIZE = 25;
/**
 * GET /api/v1/documents — the filters, and the page: newest first by (createdAt, id); a search
 * (`q`) best match first by (rank, createdAt, id), its cursor only good for the same search.
 */
export const ZDocumentListQuery = ZDocumentFilters.extend({
  cursor: z.union([zCursor(['instant', 'id']), zCursor(['rank', 'instant', 'id'])]).optional(),
  limit: zPageSize(DOCUMENT_PAGE_SIZE),
}).strict();
export type TDocumentListQuery = z.infer<typeof ZDocumentListQuery>;

/**
 * Search snippets mark the matched words between these two characters (Unicode private use: they
 * never occur in extracted text, which is cleaned of them). The web splits on them and renders <mark>.
 */
export const SNIPPET_START = '\uE000';
export const SNIPPET_STOP = '\uE001';

/** A snippet split into plain and matched runs, for rendering as text and <mark> (never as HTML). */
export function snippetParts(snippet: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  for (const piece of snippet.split(SNIPPET_START)) {
    const stop = piece.indexOf(SNIPPET_STOP);
    if (stop === -1) {
      if (piece) parts.push({ text: piece, match: false });
      continue;
    }
    if (stop > 0) parts.push({ text: piece.slice(0, stop), match: true });
    const rest = piece.slice(stop + 1).replaceAll(SNIPPET_STOP, '');
    if (rest) parts.push({ text: rest, match: false });
  }
  return parts;
}

/** How many versions of one document are kept (the current one included); ADR 0034. */
export const DOCUMENT_MAX_VERSIONS = 20;

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
  /** The current version's number (1 until the file is replaced). */
  version: z.number(),
  /** Sealed: the file is an age file; it is not previewed or read for search (ADR 0099). */
  sealed: z.boolean(),
  /**
   * In a search (`q`): where the words matched inside the file's text, the matches between
   * SNIPPET_START and SNIPPET_STOP; null when only the title matched or there is no search.
   */
  snippet: z.string().nullable(),
  createdAt: z.string(),
});
export type TDocument = z.infer<typeof ZDocument>;

export const ZDocumentVersionParams = z.object({ id: z.uuid(), version: z.coerce.number().int().min(1).max(1_000_000) }).strict();
export type TDocumentVersionParams = z.infer<typeof ZDocumentVersionParams>;

export const ZDocumentVersion = z.object({
  version: z.number(),
  current: z.boolean(),
  file: ZFileInfo,
  uploadedAt: z.string(),
});
export type TDocumentVersion = z.infer<typeof ZDocumentVersion>;

/** Newest first; at most DOCUMENT_MAX_VERSIONS (enforced on replace, and by the list itself), so never paged. */
export const ZDocumentVersionList = z.object({ items: z.array(ZDocumentVersion) });
export type TDocumentVersionList = z.infer<typeof ZDocumentVersionList>;

export const ZDocumentFolder = z.object({ id: z.string(), name: z.string(), count: z.number() });
export type TDocumentFolder = z.infer<typeof ZDocumentFolder>;

export const ZCreateFolderRequest = z
  .object({ name: z.string().trim().min(1, { message: 'Give the folder a name' }).max(100) })
  .strict();
export type TCreateFolderRequest = z.infer<typeof ZCreateFolderRequest>;

export const ZDocumentList = z.object({
  items: z.array(ZDocument),
  /** give back as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
  /** How many documents this search and these filters find, over all pages (a COUNT in the database). */
  total: z.number(),
  /** Live counts over all the owner's documents (not the current search): all, legal, financial, personal, other. */
  counts: z.object({ all: z.number(), legal: z.number(), financial: z.number(), personal: z.number(), other: z.number() }),
  folders: z.array(ZDocumentFolder),
  beneficiaries: z.array(ZShareAudienceMember),
  /** The estate's seal, to seal a new document to in the browser (null: none made yet). */
  seal: ZSealRecipient,
});
export type TDocumentList = z.infer<typeof ZDocumentList>;
