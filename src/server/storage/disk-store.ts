import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { writeBehind } from './write-behind.ts';
import { assertKey, type FileStore, type StoredObject } from './file-store.ts';

/** Files on local disk under `root` (DATA_DIR/files). Writes are flushed before a rename commits them. */
export function createDiskStore(root: string): FileStore {
  const resolved = path.resolve(root);
  const pathOf = (key: string) => path.join(resolved, ...assertKey(key).split('/'));

  async function* walk(dir: string): AsyncIterable<StoredObject> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile()) {
        const stat = await fsp.stat(full).catch(() => null);
        if (stat) yield { key: path.relative(resolved, full).split(path.sep).join('/'), modifiedAt: stat.mtime };
      }
    }
  }

  return {
    kind: 'disk',
    async put(key, body: Readable) {
      const file = pathOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // flush: fsync before close, so a committed (renamed) file is on disk, not only in the page cache.
      // A 1 MiB buffer writes a large upload in few syscalls (the 16 KiB default made one per segment
      // part: 63 → 109 MB/s in-process, bench/upload-pipeline.ts).
      const handle = await fsp.open(file, 'w', 0o600);
      await pipeline(body, writeBehind(handle), fs.createWriteStream(file, { fd: handle, flush: true, highWaterMark: 1024 * 1024 }));
    },
    async get(key) {
      const file = pathOf(key);
      const handle = await fsp.open(file, 'r');
      return handle.createReadStream();
    },
    async getRange(key, start, end) {
      const handle = await fsp.open(pathOf(key), 'r');
      return handle.createReadStream({ start, end });
    },
    async move(from, to) {
      const target = pathOf(to);
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await fsp.rename(pathOf(from), target);
    },
    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    list(prefix) {
      const dir = path.join(resolved, ...prefix.split('/').filter(Boolean));
      return walk(dir);
    },
    async check() {
      await fsp.mkdir(resolved, { recursive: true, mode: 0o700 });
      await fsp.access(resolved, fs.constants.W_OK);
    },
  };
}
