/**
 * Loaders shared by the beneficiary's screens. Every query here takes its rows through the access
 * policy (src/server/access/policy.ts); nothing else decides what a beneficiary sees.
 */
import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { openedParts } from '../../sealed/open-sealed.ts';
import { currentSealOf } from '../../access/estate-seal.ts';
import { sealedFileType } from '../../../core/seal/armor.ts';
import { initialsOf } from '../../../core/names.ts';
import type { MemoryType } from '../../../core/memories.schemas.ts';
import {
  documentFormatOf,
  sharedFileUrl,
  type TSharedDocument,
  type TSharedDocumentPage,
  type TSharedDocumentsQuery,
  type TSharedLetter,
  type TSharedLetterPage,
  type TSharedLettersQuery,
  type TSharedMedia,
  type TSharedMemory,
  type TSharedMemoriesQuery,
  type TSharedMemoryDetail,
  type TSharedMemoryPage,
} from '../../../core/shared-content.schemas.ts';
import { previewOf } from '../../../core/inbox.schemas.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { documents } from '../../db/schema/documents.ts';
import { estateSeals, sealedContents } from '../../db/schema/estate-seal.ts';
import { estates, ownerNameSql } from '../../db/schema/estates.ts';
import { files } from '../../db/schema/files.ts';
import { memories, memoryMedia } from '../../db/schema/memories.ts';
import { futureMessages, messages } from '../../db/schema/messages.ts';
import { users } from '../../db/schema/users.ts';
import { documentVisibleSql, letterVisibleSql, memoryVisibleSql } from '../../access/policy.ts';
import { containsPattern } from '../../lib/like.ts';
import { isoTime, subselect } from '../../lib/child-rows.ts';
import { acrossEstates, newestFirst } from './across-estates.ts';
import { afterCursor, cursorTime, descending, keysetPage } from '../../lib/keyset.ts';
import type { CursorOf } from '../../../core/keyset.schemas.ts';

type DocumentCategory = TSharedDocument['category'];
type MediaKind = TSharedMedia['kind'];

/**
 * When the viewer could first see a memory or a document: its creation, or the activation that
 * released it. Select it (as ISO text) from the item joined to its estate.
 */
export const sharedAtSql = (table: typeof memories | typeof documents): SQL<string> =>
  isoTime(sql`case when ${table.release} = 'after_activation' and ${estates.activatedAt} > ${table.createdAt} then ${estates.activatedAt} else ${table.createdAt} end`);

/** Full-text search (title, description, stories) or a plain substring of the title, for short words as you type. */
function memorySearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  return or(sql`${memories.searchVector} @@ websearch_to_tsquery('english', ${q})`, ilike(memories.title, containsPattern(q)));
}

function documentSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  return or(sql`${documents.searchVector} @@ websearch_to_tsquery('english', ${q})`, ilike(documents.title, containsPattern(q)));
}

export interface MemoryFilter {
  q?: string | undefined;
  type?: MemoryType | undefined;
  estateId?: string | undefined;
  ids?: string[];
  /** Lists by date only: the rows after this one. */
  cursor?: CursorOf<['day', 'id']> | undefined;
  limit: number;
}

/**
 * The visible memories of one estate (of any, for `ids`), newest memory date first, narrowed by the
 * filter. The viewer, the estate and the limit are values, or the placeholders of a query built once.
 */
function sharedMemoriesQuery(db: Db, viewer: string | Placeholder, estateId: string | Placeholder | undefined, filter: Omit<MemoryFilter, 'estateId' | 'limit'>, limit: number | Placeholder) {
  return db
    .select({
      memory: memories,
      ownerName: ownerNameSql(),
      sharedAt: sharedAtSql(memories),
      previewFileId: cardPhotoSql,
    })
    .from(memories)
    .innerJoin(estates, eq(estates.id, memories.estateId))
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(
      and(
        memoryVisibleSql(db, viewer),
        estateId ? eq(memories.estateId, estateId) : undefined,
        filter.type ? eq(memories.type, filter.type) : undefined,
        filter.ids ? (filter.ids.length ? inArray(memories.id, filter.ids) : sql`false`) : undefined,
        memorySearch(filter.q),
        afterCursor(descending(memories.date, memories.id), filter.cursor),
      ),
    )
    .orderBy(desc(memories.date), desc(memories.id))
    .limit(limit);
}

/** An estate's first page, unfiltered — what Shared Memories asks for on every visit — built once (prepared-query.ts). */
const firstSharedMemories = preparedQuery((db) =>
  sharedMemoriesQuery(db, sql.placeholder('viewer'), sql.placeholder('estate'), {}, sql.placeholder('limit')).prepare('heirloom_shared_memories_first'),
);

/** Visible memories (newest memory date first), as cards: owner, a preview photo, when shared. */
export async function loadSharedMemories(ctx: Ctx, filter: MemoryFilter): Promise<TSharedMemory[]> {
  const unfiltered = !filter.q && !filter.type && !filter.ids && !filter.cursor;
  const query = (estateId: string | undefined) =>
    unfiltered && estateId
      ? firstSharedMemories(ctx.db).execute({ viewer: ctx.actor.userId, estate: estateId, limit: filter.limit })
      : sharedMemoriesQuery(ctx.db, ctx.actor.userId, estateId, filter, filter.limit);
  const rows = filter.ids
    ? await query(filter.estateId)
    : await acrossEstates(ctx, filter.estateId, filter.limit, query, newestFirst((r) => r.memory.date, (r) => r.memory.id));
  return rows.map(({ memory, ownerName, sharedAt, previewFileId }) => ({
    id: memory.id,
    estateId: memory.estateId,
    title: memory.title,
    type: memory.type as MemoryType,
    date: memory.date,
    description: memory.description,
    from: ownerName,
    previewUrl: previewFileId ? sharedFileUrl(previewFileId, true) : null,
    sharedAt,
  }));
}

/** A memory card's photo, selected beside the memory: its first committed photo, the thumbnail when there is one. */
const cardPhotoSql = subselect(sql<string | null>`(select coalesce(${memoryMedia.thumbnailFileId}, ${memoryMedia.fileId})::text from ${memoryMedia}
  inner join ${files} on ${files.id} = ${memoryMedia.fileId} and ${files.status} = 'committed'
  where ${memoryMedia.memoryId} = ${memories.id} and ${memoryMedia.kind} = 'photo' order by ${memoryMedia.position} limit 1)`);

/** One page of visible memories by date, with the cursor of the next page. */
export async function pageSharedMemories(ctx: Ctx, query: TSharedMemoriesQuery): Promise<TSharedMemoryPage> {
  const rows = await loadSharedMemories(ctx, { ...query, limit: query.limit + 1 });
  const { page, nextCursor } = keysetPage(rows, query.limit, (m) => [m.date, m.id]);
  return { items: page, nextCursor };
}

/** One visible memory with its content (text, photos, videos, audio, stories); null when not visible. */
export async function loadSharedMemoryDetail(ctx: Ctx, memoryId: string): Promise<TSharedMemoryDetail | null> {
  const [card] = await loadSharedMemories(ctx, { ids: [memoryId], limit: 1 });
  if (!card) return null;
  const [meta] = await ctx.db
    .select({ createdBy: memories.createdBy, ownerId: estates.ownerId, creatorName: users.name })
    .from(memories)
    .innerJoin(estates, eq(estates.id, memories.estateId))
    .leftJoin(users, eq(users.id, memories.createdBy))
    .where(eq(memories.id, memoryId));
  const media = await ctx.db
    .select({ media: memoryMedia, file: files })
    .from(memoryMedia)
    .leftJoin(files, and(eq(files.id, memoryMedia.fileId), eq(files.status, 'committed')))
    .where(eq(memoryMedia.memoryId, memoryId))
    .orderBy(asc(memoryMedia.position));
  const isOwner = !meta?.createdBy || meta.createdBy === meta.ownerId;
  // A sealed story holds only the sealed sentence: its words once the trustees' kits opened the seal.
  const opened = await openedParts(ctx, 'memory', 'story', media.filter(({ media: m }) => m.sealed).map(({ media: m }) => m.id));
  // A sealed photo, video or recording opens (through the file route) once its seal is open.
  const sealOpen = media.some(({ media: m }) => m.sealed && m.kind !== 'story') && Boolean((await currentSealOf(ctx.db, card.estateId))?.openedAt);
  return {
    ...card,
    createdBy: { name: isOwner ? card.from : (meta?.creatorName ?? card.from), role: isOwner ? 'Estate Owner' : 'Support Team' },
    text: card.description,
    media: media
      // a file item whose file is missing (not committed) is left out rather than shown broken
      .filter(({ media: m, file }) => m.kind === 'story' || file)
      .map(({ media: m, file }) => ({
        id: m.id,
        kind: m.kind as MediaKind,
        title: m.title,
        text: m.kind === 'story' ? (opened.get(m.id) ?? m.content) : '',
        url: file && (!m.sealed || sealOpen) ? sharedFileUrl(file.id, true) : null,
        thumbnailUrl: m.thumbnailFileId ? sharedFileUrl(m.thumbnailFileId, true) : null,
        mimeType: file ? (m.sealed ? sealedFileType(file.originalName) : file.mimeType) : null,
        waitingForKits: Boolean(file && m.sealed && !sealOpen),
      })),
  };
}

export interface DocumentFilter {
  q?: string | undefined;
  category?: DocumentCategory | undefined;
  estateId?: string | undefined;
  cursor?: CursorOf<['instant', 'id']> | undefined;
  limit: number;
}

/** A sealed document's seal: opened yet, and how many kits of how many it takes. */
const sealedStateSql = subselect(sql<{ opened: boolean; threshold: number; shareCount: number } | null>`(select json_build_object('opened', ${estateSeals.openedAt} is not null, 'threshold', ${estateSeals.threshold}, 'shareCount', ${estateSeals.shareCount})
  from ${sealedContents} inner join ${estateSeals} on ${estateSeals.id} = ${sealedContents.sealId}
  where ${sealedContents.itemType} = 'document' and ${sealedContents.itemId} = ${documents.id})`);

/** One estate's visible documents, newest first, narrowed by the filter; the viewer, the estate and the limit as in sharedMemoriesQuery. */
function sharedDocumentsQuery(db: Db, viewer: string | Placeholder, estateId: string | Placeholder, filter: Omit<DocumentFilter, 'estateId' | 'limit'>, limit: number | Placeholder) {
  return db
    .select({ document: documents, ownerName: ownerNameSql(), sharedAt: sharedAtSql(documents), at: cursorTime(documents.createdAt), sealed: sealedStateSql })
    .from(documents)
    .innerJoin(estates, eq(estates.id, documents.estateId))
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(
      and(
        documentVisibleSql(db, viewer),
        eq(documents.estateId, estateId),
        filter.category ? eq(documents.type, filter.category) : undefined,
        documentSearch(filter.q),
        afterCursor(descending(documents.createdAt, documents.id), filter.cursor),
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit);
}

/** An estate's first page of documents, unfiltered, built once (prepared-query.ts). */
const firstSharedDocuments = preparedQuery((db) =>
  sharedDocumentsQuery(db, sql.placeholder('viewer'), sql.placeholder('estate'), {}, sql.placeholder('limit')).prepare('heirloom_shared_documents_first'),
);

/** Visible documents, newest first, each with its keyset position. */
async function loadSharedDocumentRows(ctx: Ctx, filter: DocumentFilter): Promise<{ document: TSharedDocument; at: string }[]> {
  const unfiltered = !filter.q && !filter.category && !filter.cursor;
  const query = (estateId: string) =>
    unfiltered
      ? firstSharedDocuments(ctx.db).execute({ viewer: ctx.actor.userId, estate: estateId, limit: filter.limit })
      : sharedDocumentsQuery(ctx.db, ctx.actor.userId, estateId, filter, filter.limit);
  const rows = await acrossEstates(ctx, filter.estateId, filter.limit, query, newestFirst((r) => r.at, (r) => r.document.id));
  return rows.map(({ document, ownerName, sharedAt, at, sealed }) => ({
    at,
    document: {
      id: document.id,
      estateId: document.estateId,
      title: document.title,
      category: document.type as DocumentCategory,
      format: documentFormatOf(document.mimeType),
      from: ownerName,
      date: sharedAt,
      size: document.size,
      mimeType: document.mimeType,
      fileId: document.fileId,
      sealed: document.sealed ? (sealed ?? { opened: false, threshold: 0, shareCount: 0 }) : null,
    },
  }));
}

/** One page of visible documents, with the cursor of the next page. */
export async function pageSharedDocuments(ctx: Ctx, query: TSharedDocumentsQuery): Promise<TSharedDocumentPage> {
  const rows = await loadSharedDocumentRows(ctx, { ...query, limit: query.limit + 1 });
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.at, r.document.id]);
  return { items: page.map((r) => r.document), nextCursor };
}

/**
 * The owner's letters (delivered future messages) the viewer may read, newest delivery first
 * (delivered_at, id) — one estate's walk future_messages_estate_delivered_idx — after `cursor`.
 */
export async function loadSharedLetters(
  ctx: Ctx,
  filter: { estateId?: string; cursor?: CursorOf<['instant', 'id']>; limit: number },
): Promise<(TSharedLetter & { estateId: string; ownerName: string; at: string })[]> {
  const rows = await ctx.db
    .select({
      letter: futureMessages,
      ownerName: ownerNameSql(),
      at: cursorTime(futureMessages.deliveredAt),
      // The viewer's copy of it, in their inbox: its thread and whether it was read.
      delivery: subselect(sql<{ threadId: string; read: boolean } | null>`(select json_build_object('threadId', ${messages.threadId}, 'read', ${messages.readAt} is not null)
        from ${messages} where ${messages.futureMessageId} = ${futureMessages.id} and ${messages.recipientId} = ${ctx.actor.userId} limit 1)`),
    })
    .from(futureMessages)
    .innerJoin(estates, eq(estates.id, futureMessages.estateId))
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(
      and(
        letterVisibleSql(ctx.db, ctx.actor.userId),
        // Delivery always stamps it; a row without one would have no place in the order.
        isNotNull(futureMessages.deliveredAt),
        filter.estateId ? eq(futureMessages.estateId, filter.estateId) : undefined,
        afterCursor(descending(futureMessages.deliveredAt, futureMessages.id), filter.cursor),
      ),
    )
    .orderBy(desc(futureMessages.deliveredAt), desc(futureMessages.id))
    .limit(filter.limit);
  const opened = await openedParts(ctx, 'future-message', 'body', rows.filter((r) => r.letter.sealed).map((r) => r.letter.id));
  return rows.map(({ letter, ownerName, at, delivery }) => {
    const body = opened.get(letter.id) ?? letter.body;
    return {
      id: letter.id,
      estateId: letter.estateId,
      ownerName,
      at,
      subject: letter.subject,
      preview: previewOf(body),
      body,
      deliveredAt: letter.deliveredAt?.toISOString() ?? null,
      threadId: delivery?.threadId ?? null,
      unread: delivery ? !delivery.read : false,
    };
  });
}

/** One page of one estate's letters to the viewer, newest delivery first. */
export async function pageSharedLetters(ctx: Ctx, query: TSharedLettersQuery): Promise<TSharedLetterPage> {
  const rows = await loadSharedLetters(ctx, { ...query, limit: query.limit + 1 });
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.at, r.id]);
  return { items: page.map(({ estateId: _e, ownerName: _o, at: _a, ...letter }) => letter), nextCursor };
}

export const personOf = (name: string) => ({ name, initials: initialsOf(name) });
