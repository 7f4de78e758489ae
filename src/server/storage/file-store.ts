import type { Readable } from 'node:stream';

/** One stored object as a driver lists it. */
export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/**
 * Where encrypted blobs live: files on local disk (DATA_DIR/files) by default, an S3-compatible
 * bucket when configured. Drivers only move opaque bytes; encryption, sniffing, size limits and
 * the pending → committed protocol live above them (stored-files.ts), once for both drivers.
 *
 * Keys are produced by this module (`storageKeys`) and never come from a request.
 */
export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** Streams `body` to `key` (overwriting). The caller writes to a temporary key and then `move`s it. */
  put(key: string, body: Readable): Promise<void>;
  /** The stored bytes as a stream. Rejects when the key does not exist. */
  get(key: string): Promise<Readable>;
  /** Only the stored bytes `start…end` (inclusive) as a stream: ranged downloads read no more than they send. */
  getRange(key: string, start: number, end: number): Promise<Readable>;
  /** Commits a blob under its final key: a rename on disk, copy + delete on S3. */
  move(from: string, to: string): Promise<void>;
  /** Deletes a key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every object under a prefix (used by the orphan sweep). */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Throws when the store cannot be reached (health checks). */
  check(): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9]+(?:\/[a-z0-9-]+)+$/;

/** Refuses anything but the keys this module produces (no `..`, no absolute paths, no surprises). */
export function assertKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

export const TEMP_PREFIX = 'tmp/';

export const storageKeys = {
  /** Where an upload is written while it streams; never served. */
  temp: (fileId: string) => assertKey(`tmp/${fileId}`),
  /** Where a committed file lives. */
  final: (estateId: string | null, fileId: string) => assertKey(`estates/${estateId ?? 'platform'}/${fileId}`),
};
