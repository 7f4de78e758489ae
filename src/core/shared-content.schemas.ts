/**
 * What a beneficiary sees of the estates they are linked to (PRODUCT.md §3 "Beneficiary", §4).
 * Every list here is already filtered by the server's access policy (src/server/access/).
 */
import { z } from 'zod';
import { DOCUMENT_TYPES, ESTATE_STATUS_LABELS, MEMORY_TYPES, type RELATIONSHIPS } from './constants.ts';
import { zId } from './common.schemas.ts';
import { zCursor, zPageSize as zPageSizeOf } from './keyset.schemas.ts';

const zSearch = z.string().trim().max(200);
const ESTATE_STATUSES = Object.keys(ESTATE_STATUS_LABELS) as [keyof typeof ESTATE_STATUS_LABELS, ...(keyof typeof ESTATE_STATUS_LABELS)[]];

/** How the estate owner is related to the beneficiary, from the beneficiary's own relationship. */
const OWNER_RELATIONSHIP: Record<(typeof RELATIONSHIPS)[number], string> = {
  Child: 'Parent',
  Spouse: 'Spouse',
  Parent: 'Child',
  Sibling: 'Sibling',
  'Other Family': 'Family',
  Friend: 'Friend',
  Other: 'Other',
};

/** "Emily is Margaret's Child" → Margaret is shown to Emily as her "Parent". */
export function ownerRelationshipLabel(beneficiaryRelationship: string): string {
  return OWNER_RELATIONSHIP[beneficiaryRelationship as (typeof RELATIONSHIPS)[number]] ?? beneficiaryRelationship;
}

/** The beneficiary view's document type (wireframe: PDF, Document, Spreadsheet), from the stored MIME type. */
export function documentFormatOf(mimeType: string): string {
  const mime = mimeType.toLowerCase();
  if (mime === 'application/pdf') return 'PDF';
  if (mime.includes('spreadsheet') || mime.includes('excel') || mime === 'text/csv') return 'Spreadsheet';
  if (mime.startsWith('image/')) return 'Image';
  return 'Document';
}

/** "2.4 MB", "512 KB", "900 B". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 ? Math.round(mb) : mb.toFixed(1)} MB`;
}

/** The path that downloads (or, inline, shows) a shared file through the access policy. */
export const sharedFileUrl = (fileId: string, inline = false) => `/api/v1/shared/files/${fileId}${inline ? '?inline=1' : ''}`;

export const ZPerson = z.object({ name: z.string(), initials: z.string() });

export const ZSharedCounts = z.object({ memories: z.number().int(), documents: z.number().int(), messages: z.number().int() });
export type TSharedCounts = z.infer<typeof ZSharedCounts>;

/** Page sizes of the shared lists: the default fills a few rows of cards; more than the max is bad input. */
export const SHARED_PAGE_DEFAULT = 24;
export const SHARED_PAGE_MAX = 100;
const zPageSize = z.coerce.number().int().min(1).max(SHARED_PAGE_MAX).default(SHARED_PAGE_DEFAULT);

/** One card per estate owner on the beneficiary's home page. */
export const ZSharedEstateSummary = z.object({
  estateId: z.string(),
  owner: ZPerson,
  /** How the owner is related to the viewer ("Parent"). */
  relationship: z.string(),
  /** when the owner was last here; null before their first visit and once the estate has left planning */
  lastActiveAt: z.string().nullable(),
  status: z.enum(ESTATE_STATUSES),
  counts: ZSharedCounts,
});
export type TSharedEstateSummary = z.infer<typeof ZSharedEstateSummary>;

export const SHARED_ACTIVITY_KINDS = ['memory', 'document', 'message'] as const;
export const ZSharedActivity = z.object({
  id: z.string(),
  kind: z.enum(SHARED_ACTIVITY_KINDS),
  title: z.string(),
  ownerName: z.string(),
  estateId: z.string(),
  at: z.string(),
  /** In-app path of its View link. */
  href: z.string(),
});
export type TSharedActivity = z.infer<typeof ZSharedActivity>;

export const ZSharedHome = z.object({
  estates: z.array(ZSharedEstateSummary),
  activity: z.array(ZSharedActivity),
  /** been here before this session (ADR 0040): "Welcome back" rather than "Welcome" */
  returning: z.boolean(),
});
export type TSharedHome = z.infer<typeof ZSharedHome>;

export const ZSharedMedia = z.object({
  id: z.string(),
  kind: z.enum(['photo', 'video', 'audio', 'story']),
  title: z.string(),
  /** Stories: their text. */
  text: z.string(),
  /** Files: the policy-checked address (inline) and its type; null for stories. */
  url: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  mimeType: z.string().nullable(),
  /** A sealed photo, video or recording whose seal the trustees' kits have not opened yet: no url. */
  waitingForKits: z.boolean(),
});
export type TSharedMedia = z.infer<typeof ZSharedMedia>;

export const ZSharedMemory = z.object({
  id: z.string(),
  estateId: z.string(),
  title: z.string(),
  type: z.enum(MEMORY_TYPES),
  date: z.string(),
  description: z.string(),
  /** The owner who shared it. */
  from: z.string(),
  /** A photo to show on the card (thumbnail when there is one), or null for the placeholder. */
  previewUrl: z.string().nullable(),
  sharedAt: z.string(),
});
export type TSharedMemory = z.infer<typeof ZSharedMemory>;

export const ZSharedMemoryDetail = ZSharedMemory.extend({
  createdBy: z.object({ name: z.string(), role: z.string() }),
  text: z.string(),
  media: z.array(ZSharedMedia),
});
export type TSharedMemoryDetail = z.infer<typeof ZSharedMemoryDetail>;

export const ZSharedMemoriesQuery = z
  .object({
    q: zSearch.optional(),
    type: z.enum(MEMORY_TYPES).optional(),
    estateId: zId.optional(),
    cursor: zCursor(['day', 'id']).optional(),
    limit: zPageSize,
  })
  .strict();
export type TSharedMemoriesQuery = z.output<typeof ZSharedMemoriesQuery>;
export type TSharedMemoriesParams = z.input<typeof ZSharedMemoriesQuery>;

/** One page of Shared Memories, newest memory date first; `nextCursor` is null on the last page. */
export const ZSharedMemoryPage = z.object({ items: z.array(ZSharedMemory), nextCursor: z.string().nullable() });
export type TSharedMemoryPage = z.infer<typeof ZSharedMemoryPage>;

export const ZSharedDocument = z.object({
  id: z.string(),
  estateId: z.string(),
  title: z.string(),
  /** legal | financial | personal | other */
  category: z.enum(DOCUMENT_TYPES),
  /** PDF, Document, Spreadsheet (from the file's type) */
  format: z.string(),
  from: z.string(),
  date: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  fileId: z.string(),
  /** A sealed document (ADR 0099): whether the trustees' kits have opened it yet, and how many it takes. null: not sealed. */
  sealed: z.object({ opened: z.boolean(), threshold: z.number().int(), shareCount: z.number().int() }).nullable(),
});
export type TSharedDocument = z.infer<typeof ZSharedDocument>;

export const ZSharedDocumentsQuery = z
  .object({
    q: zSearch.optional(),
    category: z.enum(DOCUMENT_TYPES).optional(),
    estateId: zId.optional(),
    cursor: zCursor(['instant', 'id']).optional(),
    limit: zPageSize,
  })
  .strict();
export type TSharedDocumentsQuery = z.output<typeof ZSharedDocumentsQuery>;
export type TSharedDocumentsParams = z.input<typeof ZSharedDocumentsQuery>;

/** One page of Shared Documents, newest first. */
export const ZSharedDocumentPage = z.object({ items: z.array(ZSharedDocument), nextCursor: z.string().nullable() });
export type TSharedDocumentPage = z.infer<typeof ZSharedDocumentPage>;

/** An owner's letter (delivered future message) on the estate page. */
export const ZSharedLetter = z.object({
  id: z.string(),
  subject: z.string(),
  preview: z.string(),
  body: z.string(),
  deliveredAt: z.string().nullable(),
  /** The inbox thread it was delivered to, when there is one. */
  threadId: z.string().nullable(),
  unread: z.boolean(),
});
export type TSharedLetter = z.infer<typeof ZSharedLetter>;

/** Letters carry their whole text, so their pages are shorter than the other lists'. */
export const SHARED_LETTERS_PAGE = 10;
/** GET shared/letters?estateId&cursor&limit: one estate's letters to the viewer, newest delivery first. */
export const ZSharedLettersQuery = z.object({ estateId: zId, cursor: zCursor(['instant', 'id']).optional(), limit: zPageSizeOf(SHARED_LETTERS_PAGE) }).strict();
export type TSharedLettersQuery = z.output<typeof ZSharedLettersQuery>;
export type TSharedLettersParams = z.input<typeof ZSharedLettersQuery>;
export const ZSharedLetterPage = z.object({ items: z.array(ZSharedLetter), nextCursor: z.string().nullable() });
export type TSharedLetterPage = z.infer<typeof ZSharedLetterPage>;

export const ZSupportContact = z.object({
  id: z.string(),
  name: z.string(),
  initials: z.string(),
  role: z.string(),
  roleLabel: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type TSupportContact = z.infer<typeof ZSupportContact>;

export const ZSharedEstate = z.object({
  estateId: z.string(),
  owner: ZPerson,
  relationship: z.string(),
  status: z.enum(ESTATE_STATUSES),
  access: z.object({ memories: z.boolean(), documents: z.boolean(), messages: z.boolean() }),
  /** Everything visible here (capped, see sharedCountLabel), not only the first pages. */
  counts: ZSharedCounts,
  featuredMemory: ZSharedMemoryDetail.nullable(),
  /** First pages; the next ones come from the shared lists with this estate's id. */
  memories: ZSharedMemoryPage,
  documents: ZSharedDocumentPage,
  letters: ZSharedLetterPage,
  supportTeam: z.array(ZSupportContact),
  /** The estate's Legacy Capsule, once it is active and has a seal (ADR 0098); null otherwise. */
  capsuleUrl: z.string().nullable(),
});
export type TSharedEstate = z.infer<typeof ZSharedEstate>;

export const ZSharedFileQuery = z.object({ inline: z.enum(['1', 'true', '0', 'false']).optional() }).strict();

/** Settings → Content Access: per estate, which categories the owner opened to the viewer. */
export const ZContentAccess = z.array(
  z.object({
    estateId: z.string(),
    owner: ZPerson,
    relationship: z.string(),
    status: z.enum(ESTATE_STATUSES),
    access: z.object({
      memories: z.boolean(),
      documents: z.boolean(),
      messages: z.boolean(),
      beneficiaries: z.boolean(),
      digitalLegacy: z.boolean(),
    }),
    counts: ZSharedCounts,
  }),
);
export type TContentAccess = z.infer<typeof ZContentAccess>;
