/**
 * HTTP Range on every download route (owner files and the beneficiary's shared files): 206 with the
 * exact bytes at segment edges, 416 past the end, the whole file for what is not one range.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/files.ts';
import { estateAlerts } from '../../db/schema/lifecycle.ts';
import { auditLog } from '../../db/schema/system.ts';
import { BULK_DOWNLOAD_ALERT } from '../shared-content/download-shared-file.ts';
import { SEGMENT_BYTES, SEGMENT_OVERHEAD } from '../../storage/envelope.ts';
import type { FileRow } from '../../storage/stored-files.ts';
import { insertStoredFile } from '../../../../test/factories/files.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { insertFamily, setEstateStatus, type Family } from '../../../../test/factories/shared-content.ts';
import { insertOwner } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';

const SEG = SEGMENT_BYTES;
const size = 3 * SEG + 1000;
const video = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(size - 4)]);

let t: TestApp;
let family: Family;
let ownerS: TestSession;
let viewerS: TestSession;
let strangerS: TestSession;
let ownerFile: FileRow;
let sharedFileId: string;
let unsharedFileId: string;

beforeAll(async () => {
  t = await buildTestApp();
  family = await insertFamily(t.db);
  await setEstateStatus(t.db, family.estateId, 'active');
  ownerS = await sessionFor(t, family.owner);
  viewerS = await sessionFor(t, family.viewer);
  strangerS = await sessionFor(t, await insertOwner(t.db));
  ownerFile = await insertStoredFile(t.app.deps, family.estateId, { bytes: video, mimeType: 'video/webm', name: 'wedding.webm' });
  const recording = { kind: 'video' as const, bytes: video, name: 'shared.webm', mimeType: 'video/webm' };
  const shared = await insertMemory(t.app.deps, family.estateId, { title: 'Shared', recordings: [recording], shareAll: true });
  const unshared = await insertMemory(t.app.deps, family.estateId, { title: 'Private', recordings: [recording] });
  const detail = async (id: string) => (await injectAs(t, ownerS, 'GET', `/api/v1/memories/${id}`)).json().media[0].file.id as string;
  sharedFileId = await detail(shared.id);
  unsharedFileId = await detail(unshared.id);
});
afterAll(async () => t.close());

const get = (session: TestSession, url: string, headers: Record<string, string> = {}) => injectAs(t, session, 'GET', url, undefined, { headers });

describe.each([
  ['the owner', '/api/v1/files', () => ownerS, () => ownerFile.id],
  ['a beneficiary', '/api/v1/shared/files', () => viewerS, () => sharedFileId],
])('Range requests by %s', (_who, base, session, fileId) => {
  const url = () => `${base}/${fileId()}`;

  it('advertises byte ranges and sends the whole file without a Range', async () => {
    const res = await get(session(), url());
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe(String(size));
    expect(res.rawPayload.equals(video)).toBe(true);
  });

  it.each([
    ['bytes=65535-65536', SEG - 1, SEG],
    ['bytes=65536-131071', SEG, 2 * SEG - 1],
    [`bytes=${3 * SEG}-`, 3 * SEG, size - 1],
    ['bytes=-500', size - 500, size - 1],
    ['bytes=100-', 100, size - 1],
    ['bytes=0-0', 0, 0],
    [`bytes=${SEG + 3}-${3 * SEG + 7}`, SEG + 3, 3 * SEG + 7],
    ['bytes=1000-99999999', 1000, size - 1],
  ])('%s → 206 with exactly bytes %i–%i', async (range, start, end) => {
    const res = await get(session(), url(), { range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(video.subarray(start, end + 1))).toBe(true);
  });

  it.each([`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0'])('%s → 416 naming the size, with a clear error', async (range) => {
    const res = await get(session(), url(), { range });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${size}`);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json().error).toMatchObject({ code: 'RANGE_NOT_SATISFIABLE', message: expect.stringContaining(`${size} bytes`) });
  });

  it('answers several ranges, a malformed one and a stale If-Range with the whole file', async () => {
    for (const headers of [{ range: 'bytes=0-1,5-6' } as Record<string, string>, { range: 'bytes=9-3' }, { range: 'lines=1-2' }, { range: 'bytes=0-9', 'if-range': '"stale"' }]) {
      const res = await get(session(), url(), headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.rawPayload.equals(video)).toBe(true);
    }
    const etag = String((await get(session(), url())).headers.etag);
    const current = await get(session(), url(), { range: 'bytes=0-9', 'if-range': etag });
    expect(current.statusCode).toBe(206);
    expect(current.rawPayload.equals(video.subarray(0, 10))).toBe(true);
  });
});

describe('Range never opens a file the caller may not read', () => {
  it('is 404 for another estate, an unshared memory and the wrong route, whatever the range', async () => {
    for (const range of ['bytes=0-0', `bytes=${size}-`]) {
      expect((await get(strangerS, `/api/v1/files/${ownerFile.id}`, { range })).statusCode).toBe(404);
      expect((await get(viewerS, `/api/v1/shared/files/${unsharedFileId}`, { range })).statusCode).toBe(404);
      expect((await get(viewerS, `/api/v1/shared/files/${ownerFile.id}`, { range })).statusCode).toBe(404);
    }
  });

  it('does not send bytes from a tampered segment', async () => {
    const file = await insertStoredFile(t.app.deps, family.estateId, { bytes: video, mimeType: 'video/webm', name: 'tampered.webm' });
    const [row] = await t.db.select().from(files).where(eq(files.id, file.id));
    const chunks: Buffer[] = [];
    for await (const c of await t.app.deps.files.get(row!.storageKey)) chunks.push(c as Buffer);
    const blob = Buffer.concat(chunks);
    const at = 4 + 2 * (SEG + SEGMENT_OVERHEAD) + 50;
    blob[at] = blob[at]! ^ 0xff;
    await t.app.deps.files.put(row!.storageKey, Readable.from([blob]));
    // The segment is authenticated before any of it is released: the request fails before a byte is sent.
    const res = await get(ownerS, `/api/v1/files/${file.id}`, { range: `bytes=${2 * SEG}-${2 * SEG + 99}` });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL_ERROR');
    expect(res.rawPayload.includes(video.subarray(2 * SEG, 2 * SEG + 8))).toBe(false);
    // The untouched first segment still reads.
    const head = await get(ownerS, `/api/v1/files/${file.id}`, { range: 'bytes=0-99' });
    expect(head.rawPayload.equals(video.subarray(0, 100))).toBe(true);
  });
});

describe('a video being sought is one file to the bulk-download alert', () => {
  const downloads = (targetIds: string[]) =>
    targetIds.map((targetId) => ({
      actorUserId: family.viewer.id,
      action: 'shared_file.downloaded',
      estateId: family.estateId,
      targetType: 'file',
      targetId,
      at: t.app.deps.clock.now(),
    }));
  const securityAlerts = () =>
    t.db.select().from(estateAlerts).where(and(eq(estateAlerts.estateId, family.estateId), eq(estateAlerts.type, 'security')));

  it('many range requests for one file raise nothing; as many different files do', async () => {
    // as if the beneficiary had already sought through the video more times than the threshold
    await t.db.insert(auditLog).values(downloads(Array.from({ length: BULK_DOWNLOAD_ALERT.files + 5 }, () => sharedFileId)));
    expect((await get(viewerS, `/api/v1/shared/files/${sharedFileId}`, { range: 'bytes=100-200' })).statusCode).toBe(206);
    expect(await securityAlerts()).toHaveLength(0);

    await t.db.insert(auditLog).values(downloads(Array.from({ length: BULK_DOWNLOAD_ALERT.files + 1 }, () => crypto.randomUUID())));
    expect((await get(viewerS, `/api/v1/shared/files/${sharedFileId}`, { range: 'bytes=100-200' })).statusCode).toBe(206);
    expect(await securityAlerts()).toHaveLength(1);
  });
});
