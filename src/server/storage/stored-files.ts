import { createHash, randomUUID } from 'node:crypto';
import { Readable, pipeline } from 'node:stream';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../context.ts';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema/files.ts';
import { AppError } from '../lib/app-error.ts';
import { unansweredDependency } from '../lib/unanswered.ts';
import { allowSameOriginFraming } from '../lib/framing.ts';
import { parseByteRange } from './byte-range.ts';
import { decryptSegments, decryptStream, encryptStream, newDataKey, segmentSpan } from './envelope.ts';
import { storageKeys, TEMP_PREFIX } from './file-store.ts';
import { ERROR_CODES } from '../../core/errors.ts';

export type FileRow = typeof files.$inferSelect;
export type StorageDeps = Pick<Deps, 'db' | 'files' | 'secrets' | 'clock'>;

/** How many leading bytes are read before the content is judged (file-type needs ~4 KB; zips like more). */
export const SNIFF_BYTES = 64 * 1024;
/** Uploads still pending (and temporary blobs) older than this are debris of a crash or an abort. */
// Long enough that no upload still in progress (on this or another instance) is taken for debris.
export const ORPHAN_AGE_MS = 6 * 60 * 60 * 1000;

/** What an `inspect` callback answers for content it accepts. It refuses by throwing an AppError. */
export interface Accepted {
  /** The type the file is stored and served as (from its content, never from the client). */
  mimeType: string;
  /** Sees every plaintext chunk as it streams (e.g. to look for a marker beyond the head). */
  watch?: (chunk: Buffer) => void;
  /** Called once the whole file has streamed; throws an AppError to refuse it after all. */
  verify?: () => void;
}

export interface StoreUploadInput {
  estateId: string | null;
  uploadedBy: string | null;
  originalName: string;
  source: Readable;
  /** Refused as soon as the stream passes this many bytes. */
  maxBytes: number;
  tooLarge: () => AppError;
  /** Judges the first SNIFF_BYTES (or the whole file when shorter). */
  inspect: (head: Buffer) => Promise<Accepted> | Accepted;
}

/** Cleans a client-supplied file name for storage and Content-Disposition (no paths, no control characters). */
export function cleanFileName(name: string | undefined, fallback = 'file'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return cleaned || fallback;
}

/**
 * Streams one upload into the store, encrypted with its own data key, and records it:
 *
 * 1. the first bytes are read and judged (`inspect`) before anything is stored;
 * 2. a `pending` files row is inserted (so the sweep knows about the upload);
 * 3. the plaintext streams — counted against `maxBytes`, hashed, encrypted — to a temporary key;
 * 4. the blob is moved to its final key and the row gets its size and hash.
 *
 * The row stays `pending` (never served) until the caller commits it with `commitFiles`, in the same
 * transaction that records what the file belongs to. On any failure the blobs and the row are removed
 * and the rest of the upload is drained; a crash leaves only debris that `sweepOrphans` removes.
 */
export async function storeUpload(deps: StorageDeps, input: StoreUploadInput): Promise<FileRow> {
  const { source, maxBytes } = input;
  const iterator = source.iterator({ destroyOnReturn: false });
  let total = 0;
  const take = (chunk: Buffer) => {
    total += chunk.length;
    if (total > maxBytes) throw input.tooLarge();
    return chunk;
  };

  let row: FileRow | undefined;
  const fileId = randomUUID();
  const tempKey = storageKeys.temp(fileId);
  try {
    const headChunks: Buffer[] = [];
    let headLength = 0;
    let finished = false;
    while (headLength < SNIFF_BYTES) {
      const next = await iterator.next();
      if (next.done) {
        finished = true;
        break;
      }
      const chunk = take(next.value as Buffer);
      headChunks.push(chunk);
      headLength += chunk.length;
    }
    const head = Buffer.concat(headChunks);
    const accepted = await input.inspect(head);

    const dataKey = newDataKey();
    const now = deps.clock.now();
    [row] = await deps.db
      .insert(files)
      .values({
        id: fileId,
        estateId: input.estateId,
        uploadedBy: input.uploadedBy,
        storageKey: storageKeys.final(input.estateId, fileId),
        originalName: cleanFileName(input.originalName),
        mimeType: accepted.mimeType,
        size: 0,
        sha256: '',
        wrappedKey: deps.secrets.wrapKey(dataKey),
        status: 'pending',
        createdAt: now,
      })
      .returning();

    const hash = createHash('sha256');
    async function* plaintext(): AsyncGenerator<Buffer> {
      hash.update(head);
      accepted.watch?.(head);
      yield head;
      if (finished) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        const chunk = take(next.value as Buffer);
        hash.update(chunk);
        accepted.watch?.(chunk);
        yield chunk;
      }
    }
    const encrypted = pipeline(Readable.from(plaintext()), encryptStream(dataKey), () => undefined);
    await deps.files.put(tempKey, encrypted);
    accepted.verify?.();
    await deps.files.move(tempKey, row!.storageKey);
    const sha256 = hash.digest('hex');
    [row] = await deps.db.update(files).set({ size: total, sha256 }).where(eq(files.id, fileId)).returning();
    return row!;
  } catch (error) {
    // Let the client's upload finish into the void so it receives our answer, not a reset connection.
    source.resume();
    const cleanup = (async () => {
      await deps.files.delete(tempKey).catch(() => undefined);
      if (row) await discardFiles(deps, [row]).catch(() => undefined);
    })();
    // A store or database that did not answer is not waited for again before the 503 (ADR 0086):
    // the cleanup goes on behind the answer, and the sweeper takes what it leaves.
    if (!unansweredDependency(error)) await cleanup;
    throw error;
  }
}

/**
 * Stores bytes the server produced itself (thumbnails, demo data) through the same protocol.
 * The row is pending until committed with `commitFiles`.
 */
export function storeBuffer(
  deps: StorageDeps,
  input: { estateId: string | null; uploadedBy: string | null; originalName: string; mimeType: string; bytes: Buffer },
): Promise<FileRow> {
  return storeUpload(deps, {
    estateId: input.estateId,
    uploadedBy: input.uploadedBy,
    originalName: input.originalName,
    source: Readable.from([input.bytes]),
    maxBytes: Number.MAX_SAFE_INTEGER,
    tooLarge: () => new AppError(ERROR_CODES.tooLarge, 413, 'The file is too large.'),
    inspect: () => ({ mimeType: input.mimeType }),
  });
}

/** Makes pending files visible. Call inside the transaction that records what they belong to. */
export async function commitFiles(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.update(files).set({ status: 'committed' }).where(and(inArray(files.id, ids), eq(files.status, 'pending')));
}

/** Removes files (rows first, so nothing serves a missing blob; then their blobs, best effort). */
/**
 * Hides committed files that the caller's transaction stops using (a deleted document, memory or
 * item; a re-sealed file's old age file): they are pending again, so never served. The caller discards
 * them (rows and blobs) once the transaction has committed; a crash in between leaves pending rows
 * that sweepOrphans removes, never a deleted file kept for good.
 */
export async function retireFiles(db: Db, ids: string[]): Promise<Pick<FileRow, 'id' | 'storageKey'>[]> {
  if (!ids.length) return [];
  return db.update(files).set({ status: 'pending' }).where(inArray(files.id, ids)).returning({ id: files.id, storageKey: files.storageKey });
}

export async function discardFiles(deps: Pick<StorageDeps, 'db' | 'files'>, rows: Pick<FileRow, 'id' | 'storageKey'>[]): Promise<void> {
  if (!rows.length) return;
  await deps.db.delete(files).where(inArray(files.id, rows.map((r) => r.id)));
  for (const row of rows) {
    await deps.files.delete(row.storageKey).catch(() => undefined);
    await deps.files.delete(storageKeys.temp(row.id)).catch(() => undefined);
  }
}

/** The file's plaintext as a stream; errors (as the stream's error) when the blob was altered. */
export async function openStoredFile(deps: Pick<StorageDeps, 'files' | 'secrets'>, row: FileRow): Promise<Readable> {
  const blob = await deps.files.get(row.storageKey);
  return pipeline(blob, decryptStream(deps.secrets.unwrapKey(row.wrappedKey)), () => undefined);
}

/**
 * Plaintext bytes `start…end` (inclusive, within the file) as a stream: only the blob bytes of the
 * sealed segments that hold them are read from the store and decrypted, each authenticated as in a
 * full read. `onSegment` is told each segment opened.
 */
export async function openStoredRange(
  deps: Pick<StorageDeps, 'files' | 'secrets'>,
  row: FileRow,
  start: number,
  end: number,
  onSegment?: (index: number) => void,
): Promise<Readable> {
  const span = segmentSpan(row.size, start, end);
  const blob = await deps.files.getRange(row.storageKey, span.blobStart, span.blobEnd);
  return pipeline(blob, decryptSegments(deps.secrets.unwrapKey(row.wrappedKey), span, onSegment), () => undefined);
}

/** Reads a whole stored file (small files only: thumbnails, tests). */
export async function readStoredFile(deps: Pick<StorageDeps, 'files' | 'secrets'>, row: FileRow): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await openStoredFile(deps, row)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const INLINE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);
const SERVED_TYPES = new Set([
  ...INLINE_TYPES,
  'image/heic',
  'image/heif',
  'image/bmp',
  'image/tiff',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);

/** A Content-Type that cannot run as a page on our origin: known media and documents, else octet-stream. */
export function servedContentType(mimeType: string): string {
  const type = mimeType.toLowerCase();
  if (SERVED_TYPES.has(type) || /^(video|audio)\/[a-z0-9.+-]+$/.test(type)) return type;
  return 'application/octet-stream';
}

export const canServeInline = (mimeType: string): boolean => INLINE_TYPES.has(servedContentType(mimeType));

export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * Sends a committed file, decrypted as it streams. The caller has already decided the actor may
 * read it (owner scope here; the beneficiary access policy elsewhere). Attachment by default;
 * `inline` only for PDF and images (the PDF preview). Never a type the browser would run as HTML.
 *
 * Byte ranges (ADR 0032): one `Range` is answered 206 with only the segments it touches decrypted;
 * one that starts past the end is a 416 naming the size; several ranges, or an `If-Range` that no
 * longer matches, get the whole file.
 */
export async function sendStoredFile(
  ctx: Pick<StorageDeps, 'files' | 'secrets'>,
  row: FileRow,
  reply: FastifyReply,
  options: { inline?: boolean } = {},
): Promise<FastifyReply> {
  const type = servedContentType(row.mimeType);
  const inline = Boolean(options.inline) && INLINE_TYPES.has(type);
  const etag = `"${row.sha256}"`;
  const headers = reply.request.headers;
  const ifRange = headers['if-range'];
  const range = ifRange === undefined || ifRange === etag ? parseByteRange(headers.range, row.size) : ({ kind: 'full' } as const);
  reply.header('Accept-Ranges', 'bytes').header('ETag', etag);
  if (headers['if-none-match'] === etag) return reply.code(304).send();
  if (range.kind === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${row.size}`);
    throw new AppError('RANGE_NOT_SATISFIABLE', 416, `That part of the file does not exist: it is ${row.size} bytes long.`);
  }
  reply
    .header('Content-Type', type)
    .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', row.originalName))
    .header('X-Content-Type-Options', 'nosniff');
  if (inline) allowSameOriginFraming(reply);
  if (range.kind === 'partial') {
    const stream = await openStoredRange(ctx, row, range.start, range.end);
    return reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${row.size}`)
      .header('Content-Length', String(range.end - range.start + 1))
      .send(stream);
  }
  const stream = await openStoredFile(ctx, row);
  return reply.header('Content-Length', String(row.size)).send(stream);
}

/**
 * Bytes the server opened for the reader (a sealed document, ADR 0099): whole, with the same
 * type and disposition rules as a stored file; no ranges (a document is at most 10 MB).
 */
export function sendOpenedFile(reply: FastifyReply, bytes: Buffer, mimeType: string, name: string, options: { inline?: boolean } = {}): FastifyReply {
  const type = servedContentType(mimeType);
  const inline = Boolean(options.inline) && INLINE_TYPES.has(type);
  reply
    .header('Content-Type', type)
    .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store');
  if (inline) allowSameOriginFraming(reply);
  return reply.header('Content-Length', String(bytes.length)).send(bytes);
}

/**
 * Removes what a crash or an abandoned upload left behind: `pending` rows older than an hour (with
 * their blobs) and temporary blobs older than an hour. Runs at startup.
 */
export async function sweepOrphans(deps: Pick<StorageDeps, 'db' | 'files' | 'clock'>): Promise<{ rows: number; blobs: number }> {
  const cutoff = new Date(deps.clock.now().getTime() - ORPHAN_AGE_MS);
  const stale = await deps.db
    .select({ id: files.id, storageKey: files.storageKey })
    .from(files)
    .where(and(eq(files.status, 'pending'), lt(files.createdAt, cutoff)));
  await discardFiles(deps, stale);
  let blobs = 0;
  for await (const object of deps.files.list(TEMP_PREFIX)) {
    if (object.modifiedAt < cutoff) {
      await deps.files.delete(object.key);
      blobs++;
    }
  }
  return { rows: stale.length, blobs };
}

/**
 * For removing whole estates (demo reset, account deletion): the blob keys of their files, to pass to
 * `deleteBlobs` once the estate rows are gone (the files rows go with them by cascade).
 */
export async function blobKeysOfEstates(db: Db, estateIds: string[]): Promise<string[]> {
  if (!estateIds.length) return [];
  const rows = await db.select({ key: files.storageKey }).from(files).where(inArray(files.estateId, estateIds));
  return rows.map((r) => r.key);
}

export async function deleteBlobs(store: Pick<StorageDeps, 'files'>, keys: string[]): Promise<void> {
  for (const key of keys) await store.files.delete(key).catch(() => undefined);
}
