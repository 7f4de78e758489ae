import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStore } from './disk-store.ts';
import { writeBehind } from './write-behind.ts';

const MiB = 1024 * 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-write-behind-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `count` chunks of 1 MiB, each a distinct random block. */
const chunks = (count: number) => Array.from({ length: count }, () => randomBytes(MiB));

/** The chunks as a network delivers them: one at a time, with a pause between. */
async function* arriving(count: number) {
  for (const chunk of chunks(count)) {
    yield chunk;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

describe('writing a large file to disk while syncing behind it', () => {
  it('stores every byte of a file several sync intervals long, in order', async () => {
    const parts = chunks(80);
    const store = createDiskStore(dir);
    await store.put('estates/e1/big', Readable.from(parts));
    expect(fs.readFileSync(path.join(dir, 'estates', 'e1', 'big')).equals(Buffer.concat(parts))).toBe(true);
  });

  it('syncs while the bytes are still arriving, never two at once', async () => {
    let syncs = 0;
    let inFlight = 0;
    let most = 0;
    const file = {
      datasync: async () => {
        syncs++;
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
      },
    } as unknown as FileHandle;
    await pipeline(Readable.from(arriving(100)), writeBehind(file), new PassThrough().resume());
    expect(syncs).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
  });

  it('fails the write when a background sync fails (a full or failing disk is not hidden)', async () => {
    const file = { datasync: () => Promise.reject(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })) } as unknown as FileHandle;
    await expect(pipeline(Readable.from(arriving(40)), writeBehind(file), new PassThrough().resume())).rejects.toThrow('no space left on device');
  });
});
