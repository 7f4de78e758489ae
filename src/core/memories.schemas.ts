import { z } from 'zod';
import { zId, zIsoDate } from './common.schemas.ts';
import { MEDIA_KINDS, MEMORY_TYPES } from './constants.ts';
import { ZFileInfo } from './files.schemas.ts';
import { zCursor, zPageSize } from './keyset.schemas.ts';
import { ZShareAudienceMember, ZShareState } from './sharing.schemas.ts';
import { SEALED_ARMOR_MAX, ZSealRecipient, ZSealTag } from './estate-seal.schemas.ts';
import { isArmoredAge } from './seal/armor.ts';

export type MediaKind = (typeof MEDIA_KINDS)[number];
export type MemoryType = (typeof MEMORY_TYPES)[number];
export type FileMediaKind = Exclude<MediaKind, 'story'>;

/**
 * A memory's type follows its media: any video → Video; else any audio → Audio Recording;
 * else any photo → Photo Album; only stories (or nothing) → Letter.
 */
export function memoryTypeFor(kinds: readonly MediaKind[]): MemoryType {
  if (kinds.includes('video')) return 'video';
  if (kinds.includes('audio')) return 'audio';
  if (kinds.includes('photo')) return 'photo_album';
  return 'letter';
}

/** What each file kind accepts, judged by the file's content (its first bytes), never its name. */
export const MEDIA_ACCEPT: Record<FileMediaKind, { mimePrefix: string; input: string; label: string }> = {
  photo: { mimePrefix: 'image/', input: 'image/*', label: 'image' },
  video: { mimePrefix: 'video/', input: 'video/*', label: 'video' },
  audio: { mimePrefix: 'audio/', input: 'audio/*', label: 'audio' },
};
/** Largest single photo; videos and audio may use the whole upload limit. */
export const PHOTO_MAX_BYTES = 50 * 1024 * 1024;
/** Largest video or audio file (the server's multipart limit): a family video of an hour or more (ADR 0068). */
export const MEDIA_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/**
 * Largest photo, video or recording that can be sealed (ADR 0101): the owner's browser seals it whole
 * and the server opens it whole for each view once the seal is open.
 */
export const SEALED_MEDIA_MAX_BYTES = 25 * 1024 * 1024;
/**
 * A sealed photo, video or recording is sent in the part `sealed-photo` (…) instead of `photo`, after
 * a `sealTag` field naming the seal it was sealed to (SEALED_TAG_FIELD).
 */
export const SEALED_TAG_FIELD = 'sealTag';
export const sealedMediaField = (kind: FileMediaKind) => `sealed-${kind}` as const;
export const MEMORY_MAX_ITEMS = 40;
export const MEMORY_TITLE_MAX = 200;
export const MEMORY_DESCRIPTION_MAX = 5000;
export const STORY_TEXT_MAX = 20_000;
export const NOTE_TEXT_MAX = 2000;

const zTitle = z.string().trim().min(1, { message: 'Give the memory a title' }).max(MEMORY_TITLE_MAX);

/**
 * POST /api/v1/memories is a multipart form. Its parts, in order: a `data` field with
 * ZCreateMemoryRequest as JSON, then one part per media item in the order they were added:
 * a `story` field (ZStoryItem as JSON) or a file part named `photo`, `video` or `audio`.
 */
export const ZCreateMemoryRequest = z
  .object({
    title: zTitle,
    date: zIsoDate,
    description: z.string().trim().max(MEMORY_DESCRIPTION_MAX).default(''),
  })
  .strict();
export type TCreateMemoryRequest = z.infer<typeof ZCreateMemoryRequest>;

/**
 * PATCH /api/v1/memories/:id — the memory's own fields; any left out stay as they are. Media are
 * changed through /media (add: multipart like creation without `data`; remove; reorder).
 */
export const ZUpdateMemoryRequest = ZCreateMemoryRequest.extend({ description: z.string().trim().max(MEMORY_DESCRIPTION_MAX) })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Send at least one field to change' });
export type TUpdateMemoryRequest = z.infer<typeof ZUpdateMemoryRequest>;

export const ZMemoryMediaParams = z.object({ id: zId, mediaId: zId }).strict();

/** PUT /api/v1/memories/:id/media/order — every media item of the memory, each once, in the new order. */
export const ZReorderMediaRequest = z
  .object({ mediaIds: z.array(zId).min(1, { message: 'List the items in their new order' }).max(MEMORY_MAX_ITEMS) })
  .strict();
export type TReorderMediaRequest = z.infer<typeof ZReorderMediaRequest>;

/** A story is added only when both its title and its text are there (wireframe §5). */
export const ZStoryItem = z
  .object({
    title: z.string().trim().min(1, { message: 'A story needs a title' }).max(MEMORY_TITLE_MAX),
    /** The story, or when sealed the armoured age file the owner's browser made of it (ADR 0101). */
    content: z.string().trim().min(1, { message: 'A story needs its text' }).max(SEALED_ARMOR_MAX),
    /** Present only for a sealed story: the seal its content was sealed to. */
    sealTag: ZSealTag.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.sealTag && value.content.length > STORY_TEXT_MAX) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: `Keep the story under ${STORY_TEXT_MAX.toLocaleString('en-GB')} characters` });
    }
    if (value.sealTag && !isArmoredAge(value.content)) ctx.addIssue({ code: 'custom', path: ['content'], message: 'A sealed story must be sealed in your browser before it is sent' });
  });
export type TStoryItem = z.infer<typeof ZStoryItem>;
/** Most files one memory upload may carry (the server's multipart limit). */
export const MEMORY_MAX_FILES = 20;

/** Who a memory is shared with, for the list's filter. */
export const SHARED_WITH_NOBODY = 'nobody';
/** The memories list's search and filters (the screen keeps them in its address). */
export const ZMemoryFilters = z
  .object({
    q: z.string().trim().max(200).optional(),
    type: z.enum(MEMORY_TYPES).optional(),
    from: zIsoDate.optional(),
    to: zIsoDate.optional(),
    /** A beneficiary id (shared with them, directly or through "all"), or 'nobody'. */
    sharedWith: z.union([z.uuid(), z.literal(SHARED_WITH_NOBODY)]).optional(),
  })
  .strict();
export type TMemoryFilters = z.infer<typeof ZMemoryFilters>;
/** Memories shown per page (a multiple of the grid's 2 and 3 columns). */
export const MEMORY_PAGE_SIZE = 24;
/** GET /api/v1/memories — the filters, and the page: newest first by (date, createdAt, id). */
export const ZMemoryListQuery = ZMemoryFilters.extend({ cursor: zCursor(['day', 'instant', 'id']).optional(), limit: zPageSize(MEMORY_PAGE_SIZE) }).strict();
export type TMemoryListQuery = z.infer<typeof ZMemoryListQuery>;

export const ZMemoryNote = z.object({ id: z.string(), text: z.string(), createdAt: z.string() });
export type TMemoryNote = z.infer<typeof ZMemoryNote>;

export const ZAddNoteRequest = z
  .object({ text: z.string().trim().min(1, { message: 'Write the note first' }).max(NOTE_TEXT_MAX) })
  .strict();
export type TAddNoteRequest = z.infer<typeof ZAddNoteRequest>;

export const ZMemoryMedia = z.object({
  id: z.string(),
  kind: z.enum(MEDIA_KINDS),
  title: z.string(),
  /** SEALED_TEXT for a sealed story, until its seal opens for its reader */
  content: z.string(),
  /** a sealed story (ADR 0101): the owner opens it with the Owner Kit */
  sealed: z.boolean(),
  file: ZFileInfo.nullable(),
  thumbnailUrl: z.string().nullable(),
});
export type TMemoryMedia = z.infer<typeof ZMemoryMedia>;

export const ZMemory = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(MEMORY_TYPES),
  date: z.string(),
  description: z.string(),
  /** The first photo's thumbnail, when there is one. */
  previewUrl: z.string().nullable(),
  mediaCounts: z.object({ photo: z.number(), video: z.number(), audio: z.number(), story: z.number() }),
  share: ZShareState,
  notes: z.array(ZMemoryNote),
  media: z.array(ZMemoryMedia),
  createdAt: z.string(),
});
export type TMemory = z.infer<typeof ZMemory>;

export const ZMemoryList = z.object({
  items: z.array(ZMemory),
  /** give back as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
  /** The owner's beneficiaries, for Share and the shared-with filter. */
  beneficiaries: z.array(ZShareAudienceMember),
  /** The estate's seal, to seal a new story to in the browser (null: none made yet). */
  seal: ZSealRecipient,
});
export type TMemoryList = z.infer<typeof ZMemoryList>;
