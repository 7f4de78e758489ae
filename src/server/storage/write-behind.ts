import type { FileHandle } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';

/** How much a large write may run ahead of the disk before an fdatasync is started. */
const SYNC_EVERY_BYTES = 32 * 1024 * 1024;

/**
 * Passes bytes through (to a write stream on `file`) and, every 32 MiB, starts an fdatasync of `file` in the
 * background (never more than one at a time) without waiting for it.
 *
 * Why: with lots of RAM the kernel keeps a whole 1 GB upload in the page cache and writes it only at
 * the final fsync, so the upload's CPU work (multipart, hashing, encryption) and the disk's work ran
 * one after the other. Syncing as we go lets them overlap; the final fsync (`flush: true`) then has
 * little left to write. A failed background sync is reported by the stream, like a failed write.
 */
export function writeBehind(file: FileHandle): Transform {
  let unsynced = 0;
  let syncing = false;
  let syncError: Error | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (syncError) return done(syncError);
      unsynced += chunk.length;
      if (unsynced >= SYNC_EVERY_BYTES && !syncing) {
        unsynced = 0;
        syncing = true;
        file.datasync().then(
          () => (syncing = false),
          (error: Error) => {
            syncing = false;
            syncError = error;
          },
        );
      }
      done(null, chunk);
    },
  });
}
