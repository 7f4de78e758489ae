import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePhoto, multipartBody, type FormPart } from '../../../../test/factories/files.ts';
import { activateThroughApi, insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { sealedFamily } from '../../../../test/factories/seal.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { SEALED_TEXT } from '../../../core/estate-seal.schemas.ts';
import type { CapsuleManifest } from '../../../core/seal/capsule-format.ts';
import { openBytes, openText, sealBytes, sealText } from '../../../core/seal/sealed-content.ts';
import { readStoredZip } from '../../../capsule/stored-zip.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T10:00:00Z'));
});
afterAll(async () => t.close());

const post = (s: TestSession, url: string, parts: FormPart[]) => {
  const { payload, headers } = multipartBody(parts);
  return injectAs(t, s, 'POST', url, payload, { headers });
};
const data = (title: string) => ({ name: 'data', value: JSON.stringify({ title, date: '1998-06-14', description: 'At the lake' }) });
const story = (title: string, content: string, sealTag?: string) => ({ name: 'story', value: JSON.stringify({ title, content, ...(sealTag ? { sealTag } : {}) }) });
const tag = (sealTag: string) => ({ name: 'sealTag', value: sealTag });
const sealedItems = async (s: TestSession) => (await injectAs(t, s, 'GET', '/api/v1/estate-seal')).json().seal.sealedItems as number;

describe('a sealed story', () => {
  it('is kept as the browser sealed it beside a plain one: the owner opens it with the Owner Kit; search, lists and the capsule hold no words of it', async () => {
    const f = await sealedFamily(t);
    const words = `The summer we lost the boat — ${f.marker}`;
    const res = await post(f.s, '/api/v1/memories', [data('The lake house'), story('What the lake meant', 'We swam every morning.'), story('The boat', await sealText(f.seal.recipient, words), f.seal.sealTag)]);
    expect(res.statusCode, res.body).toBe(201);
    const [plain, sealed] = res.json().media;
    expect(plain).toMatchObject({ kind: 'story', sealed: false, content: 'We swam every morning.' });
    expect(sealed).toMatchObject({ kind: 'story', sealed: true, title: 'The boat', content: SEALED_TEXT });
    expect((await injectAs(t, f.s, 'GET', '/api/v1/memories')).body).not.toContain(f.marker);
    expect((await injectAs(t, f.s, 'GET', `/api/v1/memories?q=${f.marker}`)).json().items).toEqual([]);
    const part = await injectAs(t, f.s, 'GET', `/api/v1/memories/${res.json().id}/media/${sealed.id}/sealed`);
    expect(await openText(f.seal.identity, part.json().armored)).toBe(words);
    // not through another memory, nor a plain story, nor for another owner
    expect((await injectAs(t, f.s, 'GET', `/api/v1/memories/${res.json().id}/media/${plain.id}/sealed`)).statusCode).toBe(404);
    const other = await sealedFamily(t);
    expect((await injectAs(t, other.s, 'GET', `/api/v1/memories/${res.json().id}/media/${sealed.id}/sealed`)).statusCode).toBe(404);
    expect(await sealedItems(f.s)).toBe(2);

    const capsule = readStoredZip(new Uint8Array((await injectAs(t, f.s, 'GET', `/api/v1/capsules/${f.owner.estateId}`)).rawPayload));
    const manifest = JSON.parse(Buffer.from(capsule.get('manifest.json')!).toString()) as CapsuleManifest;
    const item = manifest.items.find((i) => i.kind === 'memory')!;
    expect(item).toMatchObject({ title: 'The lake house — The boat', fileName: 'The lake house — The boat.txt' });
    expect(Buffer.from(await openBytes(f.seal.identity, capsule.get(item.path)!)).toString()).toBe(words);

    // added later to the memory, sealed too; removing a story, or the memory, forgets its sealed part
    const added = await post(f.s, `/api/v1/memories/${res.json().id}/media`, [story('Later', await sealText(f.seal.recipient, 'later words'), f.seal.sealTag)]);
    expect(added.statusCode, added.body).toBe(201);
    expect(await sealedItems(f.s)).toBe(3);
    expect((await injectAs(t, f.s, 'DELETE', `/api/v1/memories/${res.json().id}/media/${sealed.id}`)).statusCode).toBe(200);
    expect(await sealedItems(f.s)).toBe(2);
    expect((await injectAs(t, f.s, 'DELETE', `/api/v1/memories/${res.json().id}`)).statusCode).toBe(204);
    expect(await sealedItems(f.s)).toBe(1);
  });

  it('refuses a story not sealed in the browser, and sealing without a seal, keeping nothing', async () => {
    const f = await sealedFamily(t);
    const bad = await post(f.s, '/api/v1/memories', [data('Not sealed'), story('Plain words', 'plain words pretending', f.seal.sealTag)]);
    expect(bad.statusCode).toBe(400);
    const noSeal = await insertEstateWithTeam(t.db);
    const s = await sessionFor(t, noSeal.owner);
    const refused = await post(s, '/api/v1/memories', [data('No seal'), story('Sealed', await sealText(f.seal.recipient, 'x'), f.seal.sealTag)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/Make your seal first/);
    expect((await injectAs(t, s, 'GET', '/api/v1/memories')).json().items).toEqual([]);
  });

  it('reads as sealed to the people it is shared with until the trustees’ kits open it', async () => {
    const f = await sealedFamily(t);
    const words = `For Emily, about her grandmother — ${f.marker}`;
    const res = await post(f.s, '/api/v1/memories', [data('Grandmother'), story('Her hands', await sealText(f.seal.recipient, words), f.seal.sealTag)]);
    expect((await injectAs(t, f.s, 'PUT', `/api/v1/memories/${res.json().id}/share`, { all: true, beneficiaryIds: [], release: 'now' })).statusCode).toBe(200);
    const reader = await sessionFor(t, f.reporter);
    const detail = async () => (await injectAs(t, reader, 'GET', `/api/v1/shared/memories/${res.json().id}`)).json();
    expect((await detail()).media[0]).toMatchObject({ kind: 'story', text: SEALED_TEXT });
    await activateThroughApi(t, f, [f.trustees[1]!, f.trustees[2]!]);
    for (const i of [1, 2]) {
      const trustee = await sessionFor(t, f.trustees[i]!);
      const kitId = (await injectAs(t, trustee, 'GET', '/api/v1/trustee/kits')).json().items[0].kitId;
      expect((await injectAs(t, trustee, 'POST', `/api/v1/trustee/kits/${kitId}/give`, { kit: f.seal.shares[i]!.words })).statusCode).toBe(200);
    }
    expect((await detail()).media[0]).toMatchObject({ kind: 'story', text: words });
  });
});

describe('a sealed photo or recording', () => {
  it('is kept as the browser sealed it, with no thumbnail; its reader waits for the kits, then gets it byte-identical', async () => {
    const f = await sealedFamily(t);
    const photo = await makePhoto('#2563eb');
    const sealedPhoto = Buffer.from(await sealBytes(f.seal.recipient, photo));
    const res = await post(f.s, '/api/v1/memories', [data('The beach'), tag(f.seal.sealTag), { name: 'sealed-photo', filename: 'Beach.jpg.age', data: sealedPhoto }]);
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().media[0];
    expect(item).toMatchObject({ kind: 'photo', sealed: true, thumbnailUrl: null, file: { name: 'Beach.jpg.age', mimeType: 'application/octet-stream' } });
    expect(res.json().previewUrl).toBeNull();
    const own = await injectAs(t, f.s, 'GET', `/api/v1/files/${item.file.id}`);
    expect(Buffer.from(await openBytes(f.seal.identity, own.rawPayload)).equals(photo)).toBe(true);

    // refused: not sealed, misnamed, the wrong kind, and without a seal
    expect((await post(f.s, '/api/v1/memories', [data('x'), tag(f.seal.sealTag), { name: 'sealed-photo', filename: 'Beach.jpg.age', data: photo }])).statusCode).toBe(415);
    expect((await post(f.s, '/api/v1/memories', [data('x'), tag(f.seal.sealTag), { name: 'sealed-photo', filename: 'Beach.jpg', data: sealedPhoto }])).statusCode).toBe(400);
    expect((await post(f.s, '/api/v1/memories', [data('x'), { name: 'sealed-photo', filename: 'Beach.jpg.age', data: sealedPhoto }])).json().error.fields).toHaveProperty('sealTag');
    expect((await post(f.s, '/api/v1/memories', [data('x'), tag(f.seal.sealTag), { name: 'sealed-audio', filename: 'Beach.jpg.age', data: sealedPhoto }])).statusCode).toBe(400);
    const noSeal = await sessionFor(t, (await insertEstateWithTeam(t.db)).owner);
    expect((await post(noSeal, '/api/v1/memories', [data('x'), tag(f.seal.sealTag), { name: 'sealed-photo', filename: 'Beach.jpg.age', data: sealedPhoto }])).statusCode).toBe(409);

    expect((await injectAs(t, f.s, 'PUT', `/api/v1/memories/${res.json().id}/share`, { all: true, beneficiaryIds: [], release: 'now' })).statusCode).toBe(200);
    const reader = await sessionFor(t, f.reporter);
    const detail = async () => (await injectAs(t, reader, 'GET', `/api/v1/shared/memories/${res.json().id}`)).json().media[0];
    expect(await detail()).toMatchObject({ kind: 'photo', waitingForKits: true, url: null, mimeType: 'image/jpeg' });
    expect((await injectAs(t, reader, 'GET', `/api/v1/shared/files/${item.file.id}?inline=1`)).statusCode).toBe(409);
    await activateThroughApi(t, f, [f.trustees[1]!, f.trustees[2]!]);
    for (const i of [1, 2]) {
      const trustee = await sessionFor(t, f.trustees[i]!);
      const kitId = (await injectAs(t, trustee, 'GET', '/api/v1/trustee/kits')).json().items[0].kitId;
      expect((await injectAs(t, trustee, 'POST', `/api/v1/trustee/kits/${kitId}/give`, { kit: f.seal.shares[i]!.words })).statusCode).toBe(200);
    }
    const open = await detail();
    expect(open).toMatchObject({ waitingForKits: false, url: expect.stringContaining(item.file.id) });
    const shown = await injectAs(t, reader, 'GET', open.url as string);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.rawPayload.equals(photo)).toBe(true);

    const capsule = readStoredZip(new Uint8Array((await injectAs(t, reader, 'GET', `/api/v1/capsules/${f.owner.estateId}`)).rawPayload));
    const manifest = JSON.parse(Buffer.from(capsule.get('manifest.json')!).toString()) as CapsuleManifest;
    const entry = manifest.items.find((i) => i.kind === 'memory')!;
    expect(entry).toMatchObject({ title: 'The beach — Beach.jpg', fileName: 'The beach — Beach.jpg' });
    expect(Buffer.from(await openBytes(f.seal.identity, capsule.get(entry.path)!)).equals(photo)).toBe(true);
  });
});
