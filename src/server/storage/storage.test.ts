import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../db/schema/files.ts';
import { AppError } from '../lib/app-error.ts';
import { createSecretBox } from '../lib/crypto.ts';
import { insertOwner } from '../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../test/helpers.ts';
import { inTransaction } from '../db/client.ts';
import { decryptStream, encryptStream, SEGMENT_BYTES } from './envelope.ts';
import { createFileStore } from './create-file-store.ts';
import { storageKeys, type FileStore } from './file-store.ts';
import { createS3Store, S3_PART_BYTES } from './s3-store.ts';
import { ORPHAN_AGE_MS, commitFiles, readStoredFile, retireFiles, storeUpload, sweepOrphans, type StorageDeps } from './stored-files.ts';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Streams `bytes` in small uneven pieces, the way a network delivers them. */
function trickle(bytes: Buffer, piece = 7919): Readable {
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += piece) parts.push(bytes.subarray(i, i + piece));
  return Readable.from(parts);
}

const roundTrip = async (key: Buffer, plain: Buffer) => collect(trickle(await collect(trickle(plain).pipe(encryptStream(key)))).pipe(decryptStream(key)));

describe('envelope encryption', () => {
  const key = randomBytes(32);

  it.each([0, 1, SEGMENT_BYTES - 1, SEGMENT_BYTES, SEGMENT_BYTES + 1, 3 * SEGMENT_BYTES, 200_003])('round-trips %i bytes', async (size) => {
    const plain = randomBytes(size);
    const sealed = await collect(Readable.from([plain]).pipe(encryptStream(key)));
    expect(sealed.includes(plain.subarray(0, Math.min(64, size))) && size > 16).toBe(false);
    expect((await roundTrip(key, plain)).equals(plain)).toBe(true);
  });

  it('refuses a tampered, truncated or extended blob and the wrong key', async () => {
    const plain = randomBytes(3 * SEGMENT_BYTES + 10);
    const sealed = await collect(Readable.from([plain]).pipe(encryptStream(key)));
    const flipped = Buffer.from(sealed);
    flipped[SEGMENT_BYTES + 100] = flipped[SEGMENT_BYTES + 100]! ^ 1;
    await expect(collect(Readable.from([flipped]).pipe(decryptStream(key)))).rejects.toThrow();
    const segment = SEGMENT_BYTES + 5 + 28;
    // Dropping the last segment (a cut exactly at a segment boundary) is noticed.
    await expect(collect(Readable.from([sealed.subarray(0, 4 + 3 * segment)]).pipe(decryptStream(key)))).rejects.toThrow(/truncated/);
    await expect(collect(Readable.from([sealed.subarray(0, sealed.length - 1)]).pipe(decryptStream(key)))).rejects.toThrow();
    await expect(collect(Readable.from([Buffer.concat([sealed, sealed.subarray(4, 4 + segment)])]).pipe(decryptStream(key)))).rejects.toThrow();
    // Swapping two segments is noticed.
    const swapped = Buffer.concat([sealed.subarray(0, 4), sealed.subarray(4 + segment, 4 + 2 * segment), sealed.subarray(4, 4 + segment), sealed.subarray(4 + 2 * segment)]);
    await expect(collect(Readable.from([swapped]).pipe(decryptStream(key)))).rejects.toThrow();
    await expect(collect(Readable.from([sealed]).pipe(decryptStream(randomBytes(32))))).rejects.toThrow();
  });
});

/** The upload protocol, run against both drivers. */
function protocolTests(name: string, makeDeps: () => StorageDeps & { estateId: string; owner: string }) {
  describe(`${name}: the upload protocol`, () => {
    const accept = { inspect: () => ({ mimeType: 'application/pdf' }), tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 413, 'too large') };

    it('stores a file encrypted at rest, pending until committed, and reads back the same bytes', async () => {
      const deps = makeDeps();
      const plain = Buffer.concat([Buffer.from('%PDF-1.4 hello '), randomBytes(300_000)]);
      const row = await storeUpload(deps, { ...accept, estateId: deps.estateId, uploadedBy: deps.owner, originalName: '../../etc/report.pdf', source: trickle(plain), maxBytes: 1_000_000 });
      expect(row).toMatchObject({ status: 'pending', size: plain.length, originalName: 'report.pdf', mimeType: 'application/pdf' });
      expect(row.storageKey).toBe(storageKeys.final(deps.estateId, row.id));
      const blob = await collect(await deps.files.get(row.storageKey));
      expect(blob.includes(plain.subarray(0, 15))).toBe(false);
      expect(blob.length).toBeGreaterThan(plain.length);
      await commitFiles(deps.db, [row.id]);
      const [committed] = await deps.db.select().from(files).where(eq(files.id, row.id));
      expect(committed!.status).toBe('committed');
      expect((await readStoredFile(deps, committed!)).equals(plain)).toBe(true);
      // nothing is left under the temporary prefix
      const temps: string[] = [];
      for await (const o of deps.files.list('tmp/')) temps.push(o.key);
      expect(temps).toEqual([]);
    });

    it('refuses a file over the limit while streaming and leaves neither a row nor a blob', async () => {
      const deps = makeDeps();
      const before = await deps.db.select().from(files);
      const error = await storeUpload(deps, { ...accept, estateId: deps.estateId, uploadedBy: deps.owner, originalName: 'big.pdf', source: trickle(randomBytes(100_001)), maxBytes: 100_000 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(413);
      expect(await deps.db.select().from(files)).toHaveLength(before.length);
      const keys: string[] = [];
      for await (const o of deps.files.list('')) keys.push(o.key);
      expect(keys.filter((k) => !before.some((r) => r.storageKey === k))).toEqual([]);
    });
  });
}

describe('disk driver and the startup sweep', () => {
  let t: TestApp;
  let estateId: string;
  let owner: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const user = await insertOwner(t.db);
    estateId = user.estateId!;
    owner = user.id;
  });
  afterAll(async () => t.close());

  protocolTests('disk', () => ({ ...t.app.deps, estateId, owner }));

  it('keeps files under DATA_DIR/files', () => {
    expect(t.app.deps.files.kind).toBe('disk');
    expect(fs.existsSync(path.join(t.config.dataDir, 'files', 'estates', estateId))).toBe(true);
  });

  it('removes pending rows and temporary blobs older than the orphan age, and nothing younger', async () => {
    const deps = t.app.deps;
    const stale = await storeUpload(deps, { estateId, uploadedBy: owner, originalName: 'a.pdf', source: Readable.from([Buffer.from('%PDF-old')]), maxBytes: 100, inspect: () => ({ mimeType: 'application/pdf' }), tooLarge: () => new AppError('X', 413, 'x') });
    const fresh = await storeUpload(deps, { estateId, uploadedBy: owner, originalName: 'b.pdf', source: Readable.from([Buffer.from('%PDF-new')]), maxBytes: 100, inspect: () => ({ mimeType: 'application/pdf' }), tooLarge: () => new AppError('X', 413, 'x') });
    await deps.db.update(files).set({ createdAt: new Date(Date.now() - ORPHAN_AGE_MS - 3600_000) }).where(eq(files.id, stale.id));
    // a temporary blob left by a crash mid-upload, and one being written right now
    await deps.files.put('tmp/crashed-upload', Readable.from([Buffer.from('half')]));
    await deps.files.put('tmp/live-upload', Readable.from([Buffer.from('half')]));
    const old = new Date(Date.now() - ORPHAN_AGE_MS - 3600_000);
    fs.utimesSync(path.join(t.config.dataDir, 'files', 'tmp', 'crashed-upload'), old, old);

    const swept = await sweepOrphans(deps);
    expect(swept).toEqual({ rows: 1, blobs: 1 });
    const left = await deps.db.select().from(files);
    expect(left.map((r) => r.id)).toContain(fresh.id);
    expect(left.map((r) => r.id)).not.toContain(stale.id);
    await expect(deps.files.get(stale.storageKey)).rejects.toThrow();
    expect(fs.existsSync(path.join(t.config.dataDir, 'files', 'tmp', 'live-upload'))).toBe(true);
  });

  it('a file retired by a change whose clean-up a crash cut short is served to no one, and the sweep removes it', async () => {
    const deps = t.app.deps;
    const kept = await storeUpload(deps, { estateId, uploadedBy: owner, originalName: 'c.pdf', source: Readable.from([Buffer.from('%PDF-deleted')]), maxBytes: 100, inspect: () => ({ mimeType: 'application/pdf' }), tooLarge: () => new AppError('X', 413, 'x') });
    await commitFiles(deps.db, [kept.id]);
    const s = await sessionFor(t, { id: owner });
    expect((await injectAs(t, s, 'GET', `/api/v1/files/${kept.id}`)).statusCode).toBe(200);
    // the change commits with the file retired; the process dies before discarding it
    expect(await inTransaction(deps.db, (tx) => retireFiles(tx, [kept.id]))).toEqual([{ id: kept.id, storageKey: kept.storageKey }]);
    expect((await injectAs(t, s, 'GET', `/api/v1/files/${kept.id}`)).statusCode).toBe(404);
    await deps.db.update(files).set({ createdAt: new Date(Date.now() - ORPHAN_AGE_MS - 3600_000) }).where(eq(files.id, kept.id));
    await sweepOrphans(deps);
    expect(await deps.db.select().from(files).where(eq(files.id, kept.id))).toEqual([]);
    await expect(deps.files.get(kept.storageKey)).rejects.toThrow();
  });

  it('refuses keys it did not make', async () => {
    await expect(t.app.deps.files.put('../escape', Readable.from([Buffer.from('x')]))).rejects.toThrow(/invalid storage key/);
    await expect(t.app.deps.files.get('/etc/passwd')).rejects.toThrow(/invalid storage key/);
  });
});

describe('S3 driver (against s3rver on a loopback port)', () => {
  let server: S3rver;
  let store: FileStore;
  let t: TestApp;
  let estateId: string;
  let owner: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-s3-'));
  const s3 = { bucket: 'heirloom-test', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

  beforeAll(async () => {
    server = new S3rver({ address: '127.0.0.1', port: 3201, silent: true, directory: dir, configureBuckets: [{ name: s3.bucket, configs: [] }] });
    const { port } = await server.run();
    const config = { ...s3, endpoint: `http://127.0.0.1:${port}` };
    store = createS3Store(config);
    t = await buildTestApp({ s3: config });
    const user = await insertOwner(t.db);
    estateId = user.estateId!;
    owner = user.id;
  });
  afterAll(async () => {
    await t.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is what buildApp uses when S3 is configured', () => {
    expect(createFileStore({ dataDir: '/nowhere', s3: { ...s3, endpoint: 'http://127.0.0.1:1' } }).kind).toBe('s3');
    expect(t.app.deps.files.kind).toBe('s3');
  });

  it('puts (single and multipart), gets, lists, moves and deletes', async () => {
    await store.check();
    const small = randomBytes(1000);
    await store.put('tmp/small', Readable.from([small]));
    expect((await collect(await store.get('tmp/small'))).equals(small)).toBe(true);
    const large = randomBytes(S3_PART_BYTES * 2 + 12345);
    await store.put('tmp/large', trickle(large, 1 << 20));
    await store.move('tmp/large', 'estates/x/large');
    expect((await collect(await store.get('estates/x/large'))).equals(large)).toBe(true);
    const listed: string[] = [];
    for await (const o of store.list('tmp/')) listed.push(o.key);
    expect(listed).toEqual(['tmp/small']);
    await store.delete('tmp/small');
    await store.delete('estates/x/large');
    await expect(store.get('tmp/small')).rejects.toThrow();
  });

  protocolTests('s3', () => ({ ...t.app.deps, estateId, owner }));

  it('still reads a file back with the same master key after a restart', async () => {
    const deps = t.app.deps;
    const plain = Buffer.from('%PDF-1.4 kept across restarts');
    const row = await storeUpload(deps, { estateId, uploadedBy: owner, originalName: 'kept.pdf', source: Readable.from([plain]), maxBytes: 1000, inspect: () => ({ mimeType: 'application/pdf' }), tooLarge: () => new AppError('X', 413, 'x') });
    const restarted = { files: createS3Store({ ...s3, endpoint: (t.config.s3!.endpoint)! }), secrets: createSecretBox(Buffer.from(t.config.masterKey!, 'base64')) };
    expect((await readStoredFile(restarted, row)).equals(plain)).toBe(true);
  });
});
