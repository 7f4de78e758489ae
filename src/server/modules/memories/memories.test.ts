import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { beneficiaries } from '../../db/schema/estates.ts';
import { files } from '../../db/schema/files.ts';
import { notifications } from '../../db/schema/messages.ts';
import { auditLog } from '../../db/schema/system.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { makeExe, makeMp4Head, makePdf, makePhoto, makeWav, multipartBody, type FormPart } from '../../../../test/factories/files.ts';
import { insertMemory, samplePhoto } from '../../../../test/factories/memories.ts';
import { insertOwner, insertUser } from '../../../../test/factories/users.ts';
import { injectAs, sessionFor, type TestSession, useTwoOwners } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';
import { encodeCursor } from '../../../core/keyset.schemas.ts';

const { t, owner, ownerS, other, otherS } = useTwoOwners({ name: 'Margaret Ellis' });

const data = (fields: Record<string, unknown>): FormPart => ({ name: 'data', value: JSON.stringify(fields) });
const story = (title: string, content: string): FormPart => ({ name: 'story', value: JSON.stringify({ title, content }) });
const create = (session: TestSession, parts: FormPart[]) => {
  const { payload, headers } = multipartBody(parts);
  return injectAs(t, session, 'POST', '/api/v1/memories', payload, { headers });
};
const fileCount = async () => (await t.db.select().from(files)).length;

describe('create memory', () => {
  it('saves photos and a story in order; type Photo Album; thumbnail preview; files committed', async () => {
    const photo = await makePhoto('#0ea5e9');
    const res = await create(ownerS, [
      data({ title: 'Summer at Cape May', date: '1994-07-16', description: 'The whole family at the beach house' }),
      { name: 'photo', filename: 'beach.jpg', data: photo, contentType: 'image/jpeg' },
      story('The sandcastle contest', 'James built a moat that held the tide back for an hour.'),
      { name: 'photo', filename: 'sunset.png', data: await makePhoto('#f97316', 320, 200, 'png'), contentType: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const memory = res.json();
    expect(memory).toMatchObject({ title: 'Summer at Cape May', type: 'photo_album', date: '1994-07-16', mediaCounts: { photo: 2, story: 1, video: 0, audio: 0 } });
    expect(memory.media.map((m: { kind: string }) => m.kind)).toEqual(['photo', 'story', 'photo']);
    expect(memory.media[1]).toMatchObject({ title: 'The sandcastle contest', content: expect.stringContaining('moat') });
    expect(memory.previewUrl).toMatch(/^\/api\/v1\/files\/[0-9a-f-]+\?inline=1$/);

    const original = await injectAs(t, ownerS, 'GET', memory.media[0].file.url);
    expect(original.rawPayload.equals(photo)).toBe(true);
    const thumb = await injectAs(t, ownerS, 'GET', memory.previewUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const rows = await t.db.select().from(files).where(eq(files.estateId, owner.estateId!));
    expect(rows.every((r) => r.status === 'committed')).toBe(true);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'memory.created'));
    expect(entry?.targetId).toBe(memory.id);
  });

  it('refuses a NUL byte in a title or a story with a 400 naming the field, and stores nothing', async () => {
    const before = await fileCount();
    const title = await create(ownerS, [data({ title: 'Cape\u0000May', date: '1994-07-16' }), story('ok', 'ok')]);
    expect(title.statusCode, title.body).toBe(400);
    expect(title.json().error.fields).toEqual({ title: expect.stringMatching(/cannot be stored/) });
    const body = await create(ownerS, [data({ title: 'Cape May', date: '1994-07-16' }), story('Dear Grace', 'Be\u0000brave')]);
    expect(body.statusCode, body.body).toBe(400);
    expect(body.json().error.fields).toEqual({ content: expect.stringMatching(/cannot be stored/) });
    expect(await fileCount()).toBe(before);
  });

  it('makes the type follow the media: story only → Letter, audio → Audio Recording, video → Video', async () => {
    const letter = await create(ownerS, [data({ title: 'A letter to Grace', date: '2020-01-01' }), story('Dear Grace', 'Be brave and kind.')]);
    expect(letter.json().type).toBe('letter');
    const audio = await create(ownerS, [data({ title: 'Lullaby', date: '1981-10-02' }), { name: 'audio', filename: 'lullaby.wav', data: makeWav() }]);
    expect(audio.statusCode, audio.body).toBe(201);
    expect(audio.json().type).toBe('audio');
    const video = await create(ownerS, [data({ title: 'First steps', date: '1982-06-11' }), { name: 'audio', filename: 'a.wav', data: makeWav() }, { name: 'video', filename: 'steps.mp4', data: makeMp4Head() }]);
    expect(video.statusCode, video.body).toBe(201);
    expect(video.json().type).toBe('video');
    expect(video.json().media[1].file.mimeType).toBe('video/mp4');
  });

  it('refuses a story without text, and stores nothing', async () => {
    const before = await fileCount();
    const res = await create(ownerS, [
      data({ title: 'Half a story', date: '2001-01-01' }),
      { name: 'photo', filename: 'p.jpg', data: await makePhoto() },
      story('Title only', '   '),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ content: 'A story needs its text' });
    expect(await fileCount()).toBe(before);
  });

  it('refuses missing title or date, and unknown fields', async () => {
    const res = await create(ownerS, [data({ title: '', date: 'yesterday', extra: 1 })]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(expect.arrayContaining(['title', 'date', 'extra']));
    expect((await create(ownerS, [story('x', 'y')])).statusCode).toBe(400);
  });

  it('accepts only images as photos, only video as video and only audio as audio, by content', async () => {
    const before = await fileCount();
    const exe = await create(ownerS, [data({ title: 'x', date: '2001-01-01' }), { name: 'photo', filename: 'cute-cat.jpg', data: makeExe(), contentType: 'image/jpeg' }]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error.message).toBe('Photos must be an image file (JPEG, PNG, WebP, GIF or HEIC). "cute-cat.jpg" is a Windows program.');
    const pdfAsVideo = await create(ownerS, [data({ title: 'x', date: '2001-01-01' }), { name: 'video', filename: 'v.mp4', data: makePdf('not a video') }]);
    expect(pdfAsVideo.statusCode).toBe(415);
    const imageAsAudio = await create(ownerS, [data({ title: 'x', date: '2001-01-01' }), { name: 'audio', filename: 'a.mp3', data: await makePhoto() }]);
    expect(imageAsAudio.statusCode).toBe(415);
    expect(imageAsAudio.json().error.message).toMatch(/"a\.mp3" is an image/);
    // a good photo before a bad one is not left behind
    const mixed = await create(ownerS, [data({ title: 'x', date: '2001-01-01' }), { name: 'photo', filename: 'ok.jpg', data: await makePhoto() }, { name: 'photo', filename: 'bad.jpg', data: Buffer.from('just text') }]);
    expect(mixed.statusCode).toBe(415);
    expect(await fileCount()).toBe(before);
  });

  it('refuses a damaged image that only looks like one', async () => {
    const jpegHead = (await makePhoto()).subarray(0, 600);
    const res = await create(ownerS, [data({ title: 'x', date: '2001-01-01' }), { name: 'photo', filename: 'broken.jpg', data: jpegHead }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toMatch(/could not be read as an image/);
  });

  it('refuses a JSON body with 415 (multipart only)', async () => {
    const res = await injectAs(t, ownerS, 'POST', '/api/v1/memories', { title: 'x', date: '2001-01-01' });
    expect(res.statusCode).toBe(415);
  });
});

describe('list, search and filter', () => {
  let emily: string;
  beforeAll(async () => {
    const estateId = owner.estateId!;
    emily = (await insertBeneficiary(t.db, estateId, { firstName: 'Emily', lastName: 'Ellis' })).id;
    await insertMemory(t.app.deps, estateId, { title: 'Garden in bloom', date: '2015-05-02', description: 'Roses along the fence', photos: [await samplePhoto()], sharedWith: [emily] });
    await insertMemory(t.app.deps, estateId, { title: 'Grandpa Joe', date: '1970-03-03', description: 'A letter', stories: [{ title: 'The fishing trip', content: 'We caught three trout at Lake Placid.' }], shareAll: true });
    await insertMemory(t.app.deps, other.estateId!, { title: 'Garden party next door', date: '2015-05-03', description: 'Not ours' });
  });

  it("lists only the owner's memories, newest first", async () => {
    const res = await injectAs(t, ownerS, 'GET', '/api/v1/memories');
    expect(res.statusCode).toBe(200);
    const { items, beneficiaries: people } = res.json();
    expect(items.some((m: { title: string }) => m.title === 'Garden party next door')).toBe(false);
    const dates = items.map((m: { date: string }) => m.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(people).toEqual([{ id: emily, name: 'Emily Ellis', relationship: expect.any(String) }]);
  });

  it('searches title, description and story text with full-text search (stemming), and partial titles', async () => {
    const titles = async (q: string) => ((await injectAs(t, ownerS, 'GET', `/api/v1/memories?q=${encodeURIComponent(q)}`)).json().items as { title: string }[]).map((m) => m.title);
    expect(await titles('trout')).toEqual(['Grandpa Joe']);
    expect(await titles('fishing')).toEqual(['Grandpa Joe']);
    expect(await titles('rose')).toEqual(['Garden in bloom']);
    expect(await titles('gard')).toEqual(['Garden in bloom']);
    expect(await titles('"lake placid"')).toEqual(['Grandpa Joe']);
    expect(await titles('trout -lake')).toEqual([]);
    expect(await titles('100%_')).toEqual([]);
  });

  it('filters by type, date range and who it is shared with', async () => {
    const get = async (qs: string) => ((await injectAs(t, ownerS, 'GET', `/api/v1/memories?${qs}`)).json().items as { title: string }[]).map((m) => m.title);
    expect(await get('type=letter')).toContain('Grandpa Joe');
    expect(await get('type=letter')).not.toContain('Garden in bloom');
    expect(await get('from=2015-01-01&to=2015-12-31')).toEqual(['Garden in bloom']);
    expect((await get(`sharedWith=${emily}`)).sort()).toEqual(['Garden in bloom', 'Grandpa Joe']);
    expect(await get('sharedWith=nobody')).not.toContain('Garden in bloom');
    expect(await get(`sharedWith=${randomUUID()}`)).toEqual([]);
    expect((await injectAs(t, ownerS, 'GET', '/api/v1/memories?type=gif')).statusCode).toBe(400);
  });
});

describe('notes, share, delete — and other owners', () => {
  it('Add Note appends a dated note', async () => {
    const memory = await insertMemory(t.app.deps, owner.estateId!, { title: 'Wedding day' });
    t.clock.set(new Date('2026-05-01T10:00:00Z'));
    const res = await injectAs(t, ownerS, 'POST', `/api/v1/memories/${memory.id}/notes`, { text: 'It rained, and nobody minded.' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ text: 'It rained, and nobody minded.', createdAt: '2026-05-01T10:00:00.000Z' });
    const detail = (await injectAs(t, ownerS, 'GET', `/api/v1/memories/${memory.id}`)).json();
    expect(detail.notes).toHaveLength(1);
    expect((await injectAs(t, ownerS, 'POST', `/api/v1/memories/${memory.id}/notes`, { text: ' ' })).statusCode).toBe(400);
  });

  it('shares with chosen beneficiaries or all, now or after activation, notifying who newly sees it now', async () => {
    const estateId = owner.estateId!;
    const linkedUser = await insertUser(t.db, { roles: ['beneficiary'] });
    const james = await insertBeneficiary(t.db, estateId, { firstName: 'James', lastName: 'Ellis', userId: linkedUser.id });
    const noAccessUser = await insertUser(t.db, { roles: ['beneficiary'] });
    const sophie = await insertBeneficiary(t.db, estateId, { firstName: 'Sophie', lastName: 'Marsh', userId: noAccessUser.id, accessMemories: false });
    const memory = await insertMemory(t.app.deps, estateId, { title: 'Christmas 1988' });
    const notes = async (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId));

    const later = await injectAs(t, ownerS, 'PUT', `/api/v1/memories/${memory.id}/share`, { all: false, beneficiaryIds: [james.id], release: 'after_activation' });
    expect(later.statusCode).toBe(200);
    expect(later.json().share).toEqual({ all: false, beneficiaryIds: [james.id], release: 'after_activation', count: 1 });
    expect(await notes(linkedUser.id)).toHaveLength(0);

    const now = await injectAs(t, ownerS, 'PUT', `/api/v1/memories/${memory.id}/share`, { all: false, beneficiaryIds: [james.id, sophie.id], release: 'now' });
    expect(now.json().share.count).toBe(2);
    const [n] = await notes(linkedUser.id);
    expect(n).toMatchObject({ type: 'memory', link: '/beneficiary/memories', message: 'Margaret Ellis shared a memory with you: Christmas 1988' });
    expect(await notes(noAccessUser.id)).toHaveLength(0);

    const all = await injectAs(t, ownerS, 'PUT', `/api/v1/memories/${memory.id}/share`, { all: true, release: 'now' });
    const audience = await t.db.select().from(beneficiaries).where(eq(beneficiaries.estateId, estateId));
    expect(all.json().share).toMatchObject({ all: true, count: audience.length });
    expect(await notes(linkedUser.id)).toHaveLength(1);

    const theirs = await insertBeneficiary(t.db, other.estateId!);
    const bad = await injectAs(t, ownerS, 'PUT', `/api/v1/memories/${memory.id}/share`, { all: false, beneficiaryIds: [theirs.id], release: 'now' });
    expect(bad.statusCode).toBe(400);
    expect((await injectAs(t, ownerS, 'PUT', `/api/v1/memories/${memory.id}/share`, { all: false, release: 'tomorrow' })).statusCode).toBe(400);
  });

  it("answers 404 for another owner's memory on every route, and changes nothing", async () => {
    const theirs = await insertMemory(t.app.deps, other.estateId!, { title: 'Private', photos: [await samplePhoto()] });
    const detail = (await injectAs(t, otherS, 'GET', `/api/v1/memories/${theirs.id}`)).json();
    const calls = [
      injectAs(t, ownerS, 'GET', `/api/v1/memories/${theirs.id}`),
      injectAs(t, ownerS, 'POST', `/api/v1/memories/${theirs.id}/notes`, { text: 'hi' }),
      injectAs(t, ownerS, 'PUT', `/api/v1/memories/${theirs.id}/share`, { all: true, release: 'now' }),
      injectAs(t, ownerS, 'DELETE', `/api/v1/memories/${theirs.id}`),
      injectAs(t, ownerS, 'GET', detail.media[0].file.url),
      injectAs(t, ownerS, 'GET', detail.previewUrl),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    expect((await injectAs(t, otherS, 'GET', `/api/v1/memories/${theirs.id}`)).json()).toMatchObject({ title: 'Private', notes: [], share: { all: false } });
  });

  it('Delete removes the memory and its stored files', async () => {
    const memory = await insertMemory(t.app.deps, owner.estateId!, { title: 'To delete', photos: [await samplePhoto()] });
    const detail = (await injectAs(t, ownerS, 'GET', `/api/v1/memories/${memory.id}`)).json();
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/memories/${memory.id}`)).statusCode).toBe(204);
    expect((await injectAs(t, ownerS, 'GET', `/api/v1/memories/${memory.id}`)).statusCode).toBe(404);
    expect((await injectAs(t, ownerS, 'GET', detail.media[0].file.url)).statusCode).toBe(404);
    const [row] = await t.db.select().from(files).where(eq(files.id, detail.media[0].file.id));
    expect(row).toBeUndefined();
  });
});

describe('paging', () => {
  // An estate of its own: 7 memories with ties on the date and on the creation time.
  let pager: TestSession;
  let estateId: string;
  const sameInstant = new Date('2024-01-01T10:00:00.123Z');
  beforeAll(async () => {
    const user = await insertOwner(t.db, { name: 'Paula Pager' });
    pager = await sessionFor(t, user);
    estateId = user.estateId!;
    const specs = [
      { title: 'Harbour at dawn', date: '2020-06-01' },
      { title: 'Harvest supper', date: '2020-06-01' },
      { title: 'Hay bales', date: '2020-06-01' },
      { title: 'Garden gate', date: '2019-04-04' },
      { title: 'Garden shed', date: '2019-04-04' },
      { title: 'Old letters', date: '2010-01-01' },
      { title: 'Wedding day', date: '1990-09-09' },
    ];
    for (const spec of specs) await insertMemory(t.app.deps, estateId, { ...spec, createdAt: sameInstant });
  });

  const page = (qs: string) => injectAs(t, pager, 'GET', `/api/v1/memories?${qs}`);
  async function walk(qs: string, limit: number) {
    const { items: seen, pages } = await walkPages<{ id: string; date: string }>(t, pager, `/api/v1/memories${qs && `?${qs}`}`, limit, undefined, { maxPages: 20 });
    return { seen, pages };
  }

  it('walks every memory exactly once, newest date first, across pages with ties in date and time', async () => {
    const all = (await page('limit=100')).json().items as { id: string; date: string }[];
    expect(all).toHaveLength(7);
    const { seen, pages } = await walk('', 2);
    expect(pages).toBe(4);
    expect(seen.map((m) => m.id)).toEqual(all.map((m) => m.id));
    expect(new Set(seen.map((m) => m.id)).size).toBe(7);
    const dates = seen.map((m) => m.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages a search and a filter too', async () => {
    const garden = await walk('q=gard', 1);
    expect(garden.seen).toHaveLength(2);
    const june = await walk('from=2020-01-01&to=2020-12-31', 2);
    expect(june.seen).toHaveLength(3);
    expect(june.pages).toBe(2);
  });

  it('finds a title by a word being typed or with a typo, through the trigram index', async () => {
    const titles = async (q: string) => ((await page(`q=${encodeURIComponent(q)}`)).json().items as { title: string }[]).map((m) => m.title).sort();
    // a fuzzy match may bring a close title too (Harbour), never an unrelated one
    expect(await titles('harv')).toContain('Harvest supper');
    expect(await titles('harv')).not.toContain('Hay bales');
    expect(await titles('gardn')).toEqual(['Garden gate', 'Garden shed']);
    expect(await titles('weding')).toEqual(['Wedding day']);
  });

  it('refuses a cursor it did not write, or a page larger than 100, with a 400 in words', async () => {
    await expectPagingRefusals(t, pager, '/api/v1/memories', ['nonsense', encodeCursor(['2020-13-01', '2024-01-01T10:00:00.123Z', randomUUID()]), encodeCursor(['2020-01-01', 'yesterday', randomUUID()])], {
      cursorSays: /start from the first page/,
      tooBigSays: /at most 100/,
    });
  });

  it("never shows another estate's memories, even with a cursor taken from them", async () => {
    const theirs = (await injectAs(t, ownerS, 'GET', '/api/v1/memories?limit=1')).json() as { nextCursor: string | null };
    const { seen } = await walk('', 100);
    expect(seen).toHaveLength(7);
    if (theirs.nextCursor) {
      const res = await page(`cursor=${encodeURIComponent(theirs.nextCursor)}&limit=100`);
      expect(res.statusCode).toBe(200);
      const ours = new Set(seen.map((m) => m.id));
      expect((res.json().items as { id: string }[]).every((m) => ours.has(m.id))).toBe(true);
    }
  });
});
