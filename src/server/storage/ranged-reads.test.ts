/**
 * Ranged reads of encrypted blobs: the right bytes at every segment edge, on both drivers, with only
 * the sealed segments a range touches read from the store and decrypted.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../lib/crypto.ts';
import { createDiskStore } from './disk-store.ts';
import { encryptStream, newDataKey, SEGMENT_BYTES, SEGMENT_OVERHEAD, segmentCount } from './envelope.ts';
import type { FileStore } from './file-store.ts';
import { createS3Store } from './s3-store.ts';
import { openStoredRange, type FileRow } from './stored-files.ts';

const SEG = SEGMENT_BYTES;
const SEALED = SEG + SEGMENT_OVERHEAD;
const secrets = createSecretBox(randomBytes(32));

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A store that records how many blob bytes each read asked for (whole reads count as the blob's length). */
function counting(store: FileStore) {
  const reads: { start: number; end: number }[] = [];
  const spy: FileStore = {
    ...store,
    async get(key) {
      reads.push({ start: 0, end: Number.POSITIVE_INFINITY });
      return store.get(key);
    },
    async getRange(key, start, end) {
      reads.push({ start, end });
      return store.getRange(key, start, end);
    },
  };
  return { spy, reads };
}

async function storeBlob(store: FileStore, plain: Buffer, blobOf: (sealed: Buffer) => Buffer = (b) => b) {
  const dataKey = newDataKey();
  const sealed = await collect(Readable.from([plain]).pipe(encryptStream(dataKey)));
  const storageKey = `estates/ranges/${randomUUID()}`;
  await store.put(storageKey, Readable.from([blobOf(sealed)]));
  const row = { storageKey, wrappedKey: secrets.wrapKey(dataKey), size: plain.length } as FileRow;
  return { row, sealed };
}

function rangeTests(name: string, getStore: () => FileStore) {
  describe(`${name}: ranged reads`, () => {
    const size = 3 * SEG + 1000; // three full segments and a partial last one
    const plain = randomBytes(size);
    let row: FileRow;
    beforeAll(async () => {
      ({ row } = await storeBlob(getStore(), plain));
    });

    it.each([
      ['the first byte', 0, 0, [0]],
      ['both sides of the first segment edge', SEG - 1, SEG, [0, 1]],
      ['exactly one whole segment', SEG, 2 * SEG - 1, [1]],
      ['the last partial segment', 3 * SEG, size - 1, [3]],
      ['a suffix of 500 bytes', size - 500, size - 1, [3]],
      ['an open range from byte 100', 100, size - 1, [0, 1, 2, 3]],
      ['across several segments', SEG + 17, 3 * SEG + 3, [1, 2, 3]],
      ['the very last byte', size - 1, size - 1, [3]],
    ])('%s: exact bytes, only the segments touched read and opened', async (_what, start, end, segments) => {
      const { spy, reads } = counting(getStore());
      const opened: number[] = [];
      const bytes = await collect(await openStoredRange({ files: spy, secrets }, row, start, end, (i) => opened.push(i)));
      expect(bytes.equals(plain.subarray(start, end + 1))).toBe(true);
      expect(opened).toEqual(segments);
      expect(reads).toHaveLength(1);
      const read = reads[0]!;
      const sealedLength = (i: number) => (i === 3 ? 1000 : SEG) + SEGMENT_OVERHEAD;
      expect(read.end - read.start + 1).toBe(segments.reduce((sum, i) => sum + sealedLength(i), 0));
      expect(read.start).toBe(4 + segments[0]! * SEALED);
    });

    it('a one-byte range of a 10-segment file opens one segment and reads a tenth of the blob', async () => {
      const big = randomBytes(10 * SEG);
      const stored = await storeBlob(getStore(), big);
      const { spy, reads } = counting(getStore());
      const opened: number[] = [];
      const bytes = await collect(await openStoredRange({ files: spy, secrets }, stored.row, 9 * SEG - 1, 9 * SEG - 1, (i) => opened.push(i)));
      expect(bytes).toEqual(big.subarray(9 * SEG - 1, 9 * SEG));
      expect(opened).toEqual([8]);
      expect(reads[0]!.end - reads[0]!.start + 1).toBe(SEALED);
      expect(stored.sealed.length).toBe(4 + 10 * SEALED);
      // The last segment of a file that ends on a segment edge is full and carries the end marker.
      expect((await collect(await openStoredRange({ files: spy, secrets }, stored.row, 10 * SEG - 2, 10 * SEG - 1))).equals(big.subarray(-2))).toBe(true);
    });

    it('serves a file smaller than one segment', async () => {
      const small = randomBytes(700);
      const stored = await storeBlob(getStore(), small);
      expect((await collect(await openStoredRange({ files: getStore(), secrets }, stored.row, 200, 699))).equals(small.subarray(200))).toBe(true);
    });

    it('refuses a tampered segment, a swapped segment, a truncated blob and a wrong end marker', async () => {
      const store = getStore();
      const read = async (r: FileRow, start: number, end: number) => collect(await openStoredRange({ files: store, secrets }, r, start, end));
      const flipped = await storeBlob(store, plain, (b) => {
        const copy = Buffer.from(b);
        copy[4 + 2 * SEALED + 100] = copy[4 + 2 * SEALED + 100]! ^ 1;
        return copy;
      });
      await expect(read(flipped.row, 2 * SEG + 5, 2 * SEG + 9)).rejects.toThrow(/authentication/);
      await expect(read(flipped.row, SEG, 3 * SEG + 5)).rejects.toThrow(/authentication/);
      // A segment untouched by the flip still reads (every byte sent was authenticated).
      expect((await read(flipped.row, 10, 20)).equals(plain.subarray(10, 21))).toBe(true);

      const swapped = await storeBlob(store, plain, (b) =>
        Buffer.concat([b.subarray(0, 4), b.subarray(4 + SEALED, 4 + 2 * SEALED), b.subarray(4, 4 + SEALED), b.subarray(4 + 2 * SEALED)]),
      );
      await expect(read(swapped.row, SEG + 1, SEG + 2)).rejects.toThrow(/out of order/);

      const truncated = await storeBlob(store, plain, (b) => b.subarray(0, b.length - 10));
      await expect(read(truncated.row, size - 5, size - 1)).rejects.toThrow();

      // A row that claims the file ends after two segments: segment 1 is not marked last.
      const lying = { ...row, size: 2 * SEG };
      await expect(read(lying, SEG, 2 * SEG - 1)).rejects.toThrow(/end marker/);
      expect(segmentCount(0)).toBe(1);
    });
  });
}

const diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-ranges-'));
afterAll(() => fs.rmSync(diskRoot, { recursive: true, force: true }));
rangeTests('disk', () => createDiskStore(diskRoot));

describe('S3 (s3rver on a loopback port)', () => {
  let server: S3rver;
  let store: FileStore;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-s3-ranges-'));
  beforeAll(async () => {
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'ranges', configs: [] }] });
    const { port } = await server.run();
    store = createS3Store({ bucket: 'ranges', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', endpoint: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  rangeTests('s3', () => store);
});
