/** Editing a memory after creation: its fields, adding, removing and reordering media — and every refusal. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, type TMemory } from '../../../core/memories.schemas.ts';
import { files } from '../../db/schema/files.ts';
import { auditLog } from '../../db/schema/system.ts';
import { makeExe, makePdf, makePhoto, makeWav, multipartBody, type FormPart } from '../../../../test/factories/files.ts';
import { insertMemory, samplePhoto } from '../../../../test/factories/memories.ts';
import { injectAs, type TestSession, useTwoOwners } from '../../../../test/helpers.ts';

const { t, owner, ownerS, other, otherS } = useTwoOwners({ name: 'Margaret Ellis' });

const story = (title: string, content: string): FormPart => ({ name: 'story', value: JSON.stringify({ title, content }) });
const addMedia = (session: TestSession, id: string, parts: FormPart[]) => {
  const { payload, headers } = multipartBody(parts);
  return injectAs(t, session, 'POST', `/api/v1/memories/${id}/media`, payload, { headers });
};
const detail = async (id: string, session = ownerS): Promise<TMemory> => (await injectAs(t, session, 'GET', `/api/v1/memories/${id}`)).json();
const fileCount = async () => (await t.db.select().from(files)).length;
const search = async (q: string) => ((await injectAs(t, ownerS, 'GET', `/api/v1/memories?q=${encodeURIComponent(q)}`)).json().items as TMemory[]).map((m) => m.title);

describe('PATCH /api/v1/memories/:id', () => {
  it('changes title, date and description; the list and search follow', async () => {
    const memory = await insertMemory(t.app.deps, owner.estateId!, { title: 'Picnic', date: '1990-06-01', description: 'Sandwiches by the river' });
    const res = await injectAs(t, ownerS, 'PATCH', `/api/v1/memories/${memory.id}`, { title: 'Picnic at Willow Creek', date: '1991-06-02', description: 'Lemonade and kites' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Picnic at Willow Creek', date: '1991-06-02', description: 'Lemonade and kites' });
    expect(await search('kites')).toEqual(['Picnic at Willow Creek']);
    expect(await search('sandwiches')).toEqual([]);
    const listed = (await injectAs(t, ownerS, 'GET', '/api/v1/memories?from=1991-01-01&to=1991-12-31')).json().items as TMemory[];
    expect(listed.map((m) => m.title)).toEqual(['Picnic at Willow Creek']);
    // One field alone leaves the others as they are.
    const one = await injectAs(t, ownerS, 'PATCH', `/api/v1/memories/${memory.id}`, { description: '' });
    expect(one.json()).toMatchObject({ title: 'Picnic at Willow Creek', date: '1991-06-02', description: '' });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'memory.updated'), eq(auditLog.targetId, memory.id)));
    expect(entry?.details).toMatchObject({ fields: ['title', 'date', 'description'] });
  });

  it('refuses an empty title, a bad date, unknown fields and an empty change, and changes nothing', async () => {
    const memory = await insertMemory(t.app.deps, owner.estateId!, { title: 'Kept', date: '2000-01-01' });
    const bad = await injectAs(t, ownerS, 'PATCH', `/api/v1/memories/${memory.id}`, { title: '  ', date: 'soon', colour: 'red' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['title', 'date', 'colour']));
    expect((await injectAs(t, ownerS, 'PATCH', `/api/v1/memories/${memory.id}`, {})).statusCode).toBe(400);
    expect((await injectAs(t, ownerS, 'PATCH', `/api/v1/memories/${memory.id}`, { title: 'x'.repeat(201) })).statusCode).toBe(400);
    expect(await detail(memory.id)).toMatchObject({ title: 'Kept', date: '2000-01-01' });
  });

  it("is 404 for another owner's memory and an unknown id, and changes nothing", async () => {
    const theirs = await insertMemory(t.app.deps, other.estateId!, { title: 'Theirs' });
    const res = await injectAs(t, ownerS, 'PATCH', `/api/v1/memories/${theirs.id}`, { title: 'Mine now' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect((await injectAs(t, ownerS, 'PATCH', `/api/v1/memories/${randomUUID()}`, { title: 'x' })).statusCode).toBe(404);
    expect((await detail(theirs.id, otherS)).title).toBe('Theirs');
  });
});

describe('POST /api/v1/memories/:id/media', () => {
  it('appends photos and stories after the existing items; type, thumbnail and search follow', async () => {
    const memory = await insertMemory(t.app.deps, owner.estateId!, { title: 'Letters home', stories: [{ title: 'First', content: 'Dear mother' }] });
    expect((await detail(memory.id)).type).toBe('letter');
    const photo = await makePhoto('#22c55e');
    const res = await addMedia(ownerS, memory.id, [{ name: 'photo', filename: 'garden.jpg', data: photo, contentType: 'image/jpeg' }, story('Second', 'The tulips came up purple')]);
    expect(res.statusCode, res.body).toBe(201);
    const updated = res.json() as TMemory;
    expect(updated.type).toBe('photo_album');
    expect(updated.media.map((m) => m.title)).toEqual(['First', 'garden.jpg', 'Second']);
    expect(updated.previewUrl).toBe(updated.media[1]!.thumbnailUrl);
    expect((await injectAs(t, ownerS, 'GET', updated.previewUrl!)).headers['content-type']).toBe('image/webp');
    expect((await injectAs(t, ownerS, 'GET', updated.media[1]!.file!.url)).rawPayload.equals(photo)).toBe(true);
    expect(await search('tulips')).toEqual(['Letters home']);
    const rows = await t.db.select().from(files).where(eq(files.id, updated.media[1]!.file!.id));
    expect(rows[0]?.status).toBe('committed');
    // audio, then a WebM video (the e2e seek fixture): the type follows, sniffed from the content
    const audio = await addMedia(ownerS, memory.id, [{ name: 'audio', filename: 'song.wav', data: makeWav() }]);
    expect(audio.json().type).toBe('audio');
    const webm = fs.readFileSync(path.join(import.meta.dirname, '../../../../e2e/fixtures/long-video.webm'));
    const video = await addMedia(ownerS, memory.id, [{ name: 'video', filename: 'harbour.webm', data: webm, contentType: 'application/octet-stream' }]);
    expect(video.statusCode, video.body).toBe(201);
    expect(video.json().type).toBe('video');
    expect((video.json() as TMemory).media.at(-1)!.file).toMatchObject({ mimeType: 'video/webm', size: webm.length });
  });

  it('refuses a wrong type or a too-large file with a clear 4xx and stores nothing', async () => {
    const memory = await insertMemory(t.app.deps, owner.estateId!, { title: 'Refusals' });
    const before = await fileCount();
    const exe = await addMedia(ownerS, memory.id, [{ name: 'photo', filename: 'cat.jpg', data: makeExe(), contentType: 'image/jpeg' }]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error.message).toBe('Photos must be an image file (JPEG, PNG, WebP, GIF or HEIC). "cat.jpg" is a Windows program.');
    const pdfAsVideo = await addMedia(ownerS, memory.id, [{ name: 'photo', filename: 'ok.jpg', data: await makePhoto() }, { name: 'video', filename: 'v.webm', data: makePdf('no') }]);
    expect(pdfAsVideo.statusCode).toBe(415);
    const jpegHead = (await makePhoto()).subarray(0, 2000);
    const huge = Buffer.concat([jpegHead, Buffer.alloc(PHOTO_MAX_BYTES)]);
    const tooLarge = await addMedia(ownerS, memory.id, [{ name: 'photo', filename: 'huge.jpg', data: huge }]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toMatch(/"huge\.jpg" is too large\. Photos can be up to 50 MB/);
    expect(await fileCount()).toBe(before);
    expect((await detail(memory.id)).media).toEqual([]);
  });

  it('refuses a data field, no media, a foreign memory, and more items than a memory holds', async () => {
    const memory = await insertMemory(t.app.deps, owner.estateId!, { title: 'Limits', stories: Array.from({ length: 39 }, (_, i) => ({ title: `S${i}`, content: 'x' })) });
    const data = await addMedia(ownerS, memory.id, [{ name: 'data', value: JSON.stringify({ title: 'x', date: '2001-01-01' }) }]);
    expect(data.statusCode).toBe(400);
    expect(data.json().error.fields).toEqual({ data: 'Unknown field' });
    expect((await addMedia(ownerS, memory.id, [])).statusCode).toBe(400);
    const before = await fileCount();
    const theirs = await insertMemory(t.app.deps, other.estateId!, { title: 'Theirs' });
    expect((await addMedia(ownerS, theirs.id, [{ name: 'photo', filename: 'p.jpg', data: await makePhoto() }])).statusCode).toBe(404);
    expect(await fileCount()).toBe(before);
    expect((await detail(theirs.id, otherS)).media).toEqual([]);
    const full = await addMedia(ownerS, memory.id, [story('40', 'fits'), { name: 'photo', filename: 'p.jpg', data: await makePhoto() }]);
    expect(full.statusCode).toBe(400);
    expect(full.json().error.message).toMatch(/up to 40 items; this one has room for 1 more/);
    expect(await fileCount()).toBe(before);
    expect((await detail(memory.id)).media).toHaveLength(39);
  });

  it('two uploads at once both land, in distinct places', async () => {
    const memory = await insertMemory(t.app.deps, owner.estateId!, { title: 'Together', stories: [{ title: 'A', content: 'a' }] });
    const [one, two] = await Promise.all([addMedia(ownerS, memory.id, [story('B', 'b')]), addMedia(ownerS, memory.id, [story('C', 'c'), story('D', 'd')])]);
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    const titles = (await detail(memory.id)).media.map((m) => m.title);
    expect(titles).toHaveLength(4);
    expect(titles[0]).toBe('A');
    expect(new Set(titles)).toEqual(new Set(['A', 'B', 'C', 'D']));
    expect(titles.indexOf('C')).toBe(titles.indexOf('D') - 1);
  });
});

describe('DELETE /api/v1/memories/:id/media/:mediaId', () => {
  it('removes the item and its stored file and thumbnail; type and preview follow', async () => {
    const memory = await insertMemory(t.app.deps, owner.estateId!, { title: 'One photo', photos: [await samplePhoto()], stories: [{ title: 'Caption', content: 'Grandma in the garden' }] });
    const before = await detail(memory.id);
    const photo = before.media[0]!;
    const res = await injectAs(t, ownerS, 'DELETE', `/api/v1/memories/${memory.id}/media/${photo.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'letter', previewUrl: null, mediaCounts: { photo: 0, story: 1 } });
    expect((await injectAs(t, ownerS, 'GET', photo.file!.url)).statusCode).toBe(404);
    expect((await injectAs(t, ownerS, 'GET', photo.thumbnailUrl!)).statusCode).toBe(404);
    const left = await t.db.select().from(files).where(eq(files.id, photo.file!.id));
    expect(left).toEqual([]);
    // Removing the story takes its words out of search.
    expect(await search('grandma')).toEqual(['One photo']);
    await injectAs(t, ownerS, 'DELETE', `/api/v1/memories/${memory.id}/media/${before.media[1]!.id}`);
    expect(await search('grandma')).toEqual([]);
  });

  it("is 404 for an item of another memory, another owner's memory and an unknown item, and removes nothing", async () => {
    const mine = await insertMemory(t.app.deps, owner.estateId!, { title: 'Mine', stories: [{ title: 'Mine', content: 'x' }] });
    const alsoMine = await insertMemory(t.app.deps, owner.estateId!, { title: 'Also mine', stories: [{ title: 'Other', content: 'y' }] });
    const theirs = await insertMemory(t.app.deps, other.estateId!, { title: 'Theirs', photos: [await samplePhoto()] });
    const otherItem = (await detail(alsoMine.id)).media[0]!.id;
    const theirItem = (await detail(theirs.id, otherS)).media[0]!.id;
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/memories/${mine.id}/media/${otherItem}`)).statusCode).toBe(404);
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/memories/${mine.id}/media/${theirItem}`)).statusCode).toBe(404);
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/memories/${theirs.id}/media/${theirItem}`)).statusCode).toBe(404);
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/memories/${mine.id}/media/${randomUUID()}`)).statusCode).toBe(404);
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/memories/${mine.id}/media/not-an-id`)).statusCode).toBe(400);
    expect((await detail(alsoMine.id)).media).toHaveLength(1);
    expect((await detail(theirs.id, otherS)).media).toHaveLength(1);
  });
});

describe('PUT /api/v1/memories/:id/media/order', () => {
  it('puts the items in the new order; the preview follows the first photo', async () => {
    const memory = await insertMemory(t.app.deps, owner.estateId!, {
      title: 'Reordered',
      photos: [await samplePhoto('red.jpg', '#ef4444'), await samplePhoto('blue.jpg', '#3b82f6')],
      stories: [{ title: 'Story', content: 'z' }],
    });
    const before = await detail(memory.id);
    expect(before.previewUrl).toBe(before.media[0]!.thumbnailUrl);
    const reversed = [...before.media].reverse();
    const res = await injectAs(t, ownerS, 'PUT', `/api/v1/memories/${memory.id}/media/order`, { mediaIds: reversed.map((m) => m.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TMemory).media.map((m) => m.title)).toEqual(['Story', 'blue.jpg', 'red.jpg']);
    expect(res.json().previewUrl).toBe(before.media[1]!.thumbnailUrl);
    expect((await detail(memory.id)).media.map((m) => m.title)).toEqual(['Story', 'blue.jpg', 'red.jpg']);
  });

  it('refuses a list with a missing, duplicate or foreign id (400), and a foreign memory (404), changing nothing', async () => {
    const memory = await insertMemory(t.app.deps, owner.estateId!, { title: 'Strict', stories: [{ title: 'A', content: 'a' }, { title: 'B', content: 'b' }, { title: 'C', content: 'c' }] });
    const otherMemory = await insertMemory(t.app.deps, owner.estateId!, { title: 'Elsewhere', stories: [{ title: 'X', content: 'x' }] });
    const ids = (await detail(memory.id)).media.map((m) => m.id);
    const foreign = (await detail(otherMemory.id)).media[0]!.id;
    const order = (mediaIds: unknown, id = memory.id, session = ownerS) => injectAs(t, session, 'PUT', `/api/v1/memories/${id}/media/order`, { mediaIds });
    const missing = await order([ids[2], ids[0]]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ mediaIds: 'An item is missing' });
    const twice = await order([ids[0], ids[0], ids[1], ids[2]]);
    expect(twice.json().error.fields).toEqual({ mediaIds: 'An item is listed twice' });
    const stranger = await order([ids[0], ids[1], foreign]);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.fields).toEqual({ mediaIds: 'Not an item of this memory' });
    expect((await order([...ids, foreign])).statusCode).toBe(400);
    expect((await order(['nope'])).statusCode).toBe(400);
    expect((await order([])).statusCode).toBe(400);
    expect((await order([foreign], otherMemory.id, otherS)).statusCode).toBe(404);
    expect((await detail(memory.id)).media.map((m) => m.title)).toEqual(['A', 'B', 'C']);
  });

  it('a list made before an item was removed is stale: 400, nothing moved', async () => {
    const memory = await insertMemory(t.app.deps, owner.estateId!, { title: 'Stale', stories: [{ title: 'A', content: 'a' }, { title: 'B', content: 'b' }] });
    const ids = (await detail(memory.id)).media.map((m) => m.id);
    await injectAs(t, ownerS, 'DELETE', `/api/v1/memories/${memory.id}/media/${ids[0]}`);
    const res = await injectAs(t, ownerS, 'PUT', `/api/v1/memories/${memory.id}/media/order`, { mediaIds: [ids[1], ids[0]] });
    expect(res.statusCode).toBe(400);
    expect((await detail(memory.id)).media.map((m) => m.title)).toEqual(['B']);
  });
});

describe('who may edit', () => {
  it('a beneficiary and an anonymous caller may not', async () => {
    const memory = await insertMemory(t.app.deps, owner.estateId!, { title: 'Guarded', stories: [{ title: 'A', content: 'a' }] });
    const item = (await detail(memory.id)).media[0]!.id;
    expect((await injectAs(t, null, 'PATCH', `/api/v1/memories/${memory.id}`, { title: 'x' })).statusCode).toBe(401);
    expect((await injectAs(t, null, 'DELETE', `/api/v1/memories/${memory.id}/media/${item}`)).statusCode).toBe(401);
    expect((await detail(memory.id)).title).toBe('Guarded');
  });
});
