import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/files.ts';
import { notifications } from '../../db/schema/messages.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { insertDocument, insertFolder } from '../../../../test/factories/documents.ts';
import { makeCompoundFile, makeDocx, makeExe, makePdf, makePhoto, makeZip, multipartBody, type FormPart } from '../../../../test/factories/files.ts';
import { insertOwner, insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession, useTwoOwners } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';

/** The wireframe's "up to 10MB", written out: a test that read the production constant would follow a change to it. */
const TEN_MB = 10 * 1024 * 1024;

const { t, owner, ownerS, other, otherS } = useTwoOwners({ name: 'Margaret Ellis' });

const REFUSED = 'Only PDF, DOC and DOCX files up to 10 MB can be uploaded.';
const upload = (session: TestSession, fields: Record<string, string>, file?: { filename: string; data: Buffer; contentType?: string }) => {
  const parts: FormPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (file) parts.push({ name: 'file', ...file });
  const { payload, headers } = multipartBody(parts);
  return injectAs(t, session, 'POST', '/api/v1/documents', payload, { headers });
};
const fileRows = async () => (await t.db.select().from(files)).length;

/** A PDF padded to exactly `size` bytes. */
const pdfOfSize = (size: number) => {
  const head = makePdf('Large scan');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
};

describe('upload document', () => {
  it('uploads a PDF and downloads the same bytes; previews inline', async () => {
    const pdf = makePdf('Last Will and Testament', ['I, Margaret Ellis, being of sound mind...']);
    const res = await upload(ownerS, { title: 'Last Will and Testament', type: 'legal' }, { filename: 'will.pdf', data: pdf, contentType: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({ title: 'Last Will and Testament', type: 'legal', format: 'PDF', size: pdf.length, folderId: null, share: { all: false, count: 0, release: 'now' } });
    const download = await injectAs(t, ownerS, 'GET', doc.file.url);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="will.pdf"/);
    const preview = await injectAs(t, ownerS, 'GET', `${doc.file.url}?inline=1`);
    expect(preview.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('accepts DOCX and DOC by content', async () => {
    const docx = await upload(ownerS, { title: 'Letter to my children', type: 'personal' }, { filename: 'letter.docx', data: makeDocx(['Dear Emily and James,']) });
    expect(docx.statusCode, docx.body).toBe(201);
    expect(docx.json().format).toBe('DOCX');
    const doc = await upload(ownerS, { title: 'Old pension letter', type: 'financial' }, { filename: 'pension.doc', data: makeCompoundFile('WordDocument') });
    expect(doc.statusCode, doc.body).toBe(201);
    expect(doc.json().format).toBe('DOC');
  });

  it('accepts exactly 10 MB and refuses 10 MB + 1 byte with 413 and a clear message, storing nothing', async () => {
    const ok = await upload(ownerS, { title: 'Scanned deed', type: 'legal' }, { filename: 'deed.pdf', data: pdfOfSize(TEN_MB) });
    expect(ok.statusCode, ok.body).toBe(201);
    const before = await fileRows();
    const res = await upload(ownerS, { title: 'Too big', type: 'legal' }, { filename: 'big.pdf', data: pdfOfSize(TEN_MB + 1) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: `${REFUSED} This file is larger than 10 MB.` });
    expect(await fileRows()).toBe(before);
  });

  it('refuses a renamed executable with 415 and says what it is', async () => {
    const before = await fileRows();
    const res = await upload(ownerS, { title: 'Invoice', type: 'financial' }, { filename: 'invoice.pdf', data: makeExe(), contentType: 'application/pdf' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: `${REFUSED} This file is a Windows program.` });
    expect(await fileRows()).toBe(before);
  });

  it('refuses other types: an image, plain text, a zip, a spreadsheet or installer dressed as .doc', async () => {
    const cases: [Buffer, RegExp][] = [
      [await makePhoto(), /an image\.$/],
      [Buffer.from('Just some notes\n'), /could not recognise/],
      [makeZip([{ name: 'a.txt', data: Buffer.from('x') }]), /compressed archive/],
      [makeCompoundFile('Workbook'), /not a Word document/],
    ];
    for (const [data, message] of cases) {
      const res = await upload(ownerS, { title: 'Nope', type: 'other' }, { filename: 'file.doc', data });
      expect(res.statusCode).toBe(415);
      expect(res.json().error.message).toMatch(message);
    }
  });

  it('refuses a wrong document type, a missing title, a missing file and unknown fields with 400', async () => {
    const bad = await upload(ownerS, { title: '', type: 'will' }, { filename: 'a.pdf', data: makePdf('a') });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['title', 'type']);
    const noFile = await upload(ownerS, { title: 'No file', type: 'legal' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.fields).toMatchObject({ file: expect.any(String) });
    const extra = await upload(ownerS, { title: 'x', type: 'legal', owner: 'me' }, { filename: 'a.pdf', data: makePdf('a') });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields).toMatchObject({ owner: 'Unknown field' });
  });

  it("refuses another owner's folder with 404", async () => {
    const folder = await insertFolder(t.app.deps, other.estateId!, 'Theirs');
    const res = await upload(ownerS, { title: 'x', type: 'legal', folderId: folder.id }, { filename: 'a.pdf', data: makePdf('a') });
    expect(res.statusCode).toBe(404);
  });
});

describe('list, counts, folders, search and filter', () => {
  let t2: TestApp;
  let s: TestSession;
  let estateId: string;
  let emily: string;
  beforeAll(async () => {
    t2 = await buildTestApp();
    const o = await insertUser(t2.db);
    estateId = o.estateId!;
    s = await sessionFor(t2, o);
    emily = (await insertBeneficiary(t2.db, estateId, { firstName: 'Emily', lastName: 'Ellis' })).id;
    const deps = t2.app.deps;
    await insertDocument(deps, estateId, { title: 'Last Will and Testament', type: 'legal', sharedWith: [emily], createdAt: new Date('2026-01-05T10:00:00Z') });
    await insertDocument(deps, estateId, { title: 'Power of Attorney', type: 'legal', createdAt: new Date('2026-02-05T10:00:00Z') });
    await insertDocument(deps, estateId, { title: 'Pension statement 2025', type: 'financial', shareAll: true, createdAt: new Date('2026-03-05T10:00:00Z') });
    await insertDocument(deps, estateId, { title: 'Birth certificate', type: 'personal', createdAt: new Date('2026-04-05T10:00:00Z') });
    const theirs = await insertUser(t2.db);
    await insertDocument(deps, theirs.estateId!, { title: 'Their will', type: 'legal' });
  });
  afterAll(async () => t2.close());

  const list = async (qs = '') => (await injectAs(t2, s, 'GET', `/api/v1/documents${qs}`)).json();

  it('returns live category counts over all documents, newest first', async () => {
    const body = await list();
    expect(body.counts).toEqual({ all: 4, legal: 2, financial: 1, personal: 1, other: 0 });
    expect(body.items.map((d: { title: string }) => d.title)).toEqual(['Birth certificate', 'Pension statement 2025', 'Power of Attorney', 'Last Will and Testament']);
    expect(body.items[1].share).toMatchObject({ all: true, count: 1 });
    expect(body.items[3].share).toMatchObject({ beneficiaryIds: [emily], count: 1 });
    // counts stay over everything when searching
    expect((await list('?q=pension')).counts.all).toBe(4);
  });

  it('searches titles (full text and partial) and filters by type, shared-with and date', async () => {
    const titles = async (qs: string) => (await list(qs)).items.map((d: { title: string }) => d.title);
    expect(await titles('?q=testament')).toEqual(['Last Will and Testament']);
    expect(await titles('?q=attor')).toEqual(['Power of Attorney']);
    expect(await titles('?type=legal')).toEqual(['Power of Attorney', 'Last Will and Testament']);
    expect(await titles(`?sharedWith=${emily}`)).toEqual(['Pension statement 2025', 'Last Will and Testament']);
    expect(await titles('?sharedWith=nobody')).toEqual(['Birth certificate', 'Power of Attorney']);
    expect(await titles('?from=2026-02-01&to=2026-03-05')).toEqual(['Pension statement 2025', 'Power of Attorney']);
  });

  it('New Folder, moving a document into it, folder counts, duplicate names refused', async () => {
    const created = await injectAs(t2, s, 'POST', '/api/v1/document-folders', { name: 'House' });
    expect(created.statusCode).toBe(201);
    expect((await injectAs(t2, s, 'POST', '/api/v1/document-folders', { name: 'house' })).statusCode).toBe(409);
    expect((await injectAs(t2, s, 'POST', '/api/v1/document-folders', { name: '' })).statusCode).toBe(400);
    const doc = (await list('?q=attorney')).items[0];
    const moved = await injectAs(t2, s, 'PATCH', `/api/v1/documents/${doc.id}`, { folderId: created.json().id });
    expect(moved.json().folderId).toBe(created.json().id);
    const body = await list(`?folderId=${created.json().id}`);
    expect(body.items.map((d: { title: string }) => d.title)).toEqual(['Power of Attorney']);
    expect(body.folders).toEqual([{ id: created.json().id, name: 'House', count: 1 }]);
  });
});

describe('share, update, delete — and other owners', () => {
  it('shares with beneficiaries and notifies the linked ones who can see documents now', async () => {
    const linked = await insertUser(t.db, { roles: ['beneficiary'] });
    const emily = await insertBeneficiary(t.db, owner.estateId!, { firstName: 'Emily', lastName: 'Ellis', userId: linked.id });
    const doc = await insertDocument(t.app.deps, owner.estateId!, { title: 'Deed to the lake house', type: 'legal' });
    const res = await injectAs(t, ownerS, 'PUT', `/api/v1/documents/${doc.id}/share`, { all: false, beneficiaryIds: [emily.id], release: 'now' });
    expect(res.statusCode).toBe(200);
    expect(res.json().share).toEqual({ all: false, beneficiaryIds: [emily.id], release: 'now', count: 1 });
    const [n] = await t.db.select().from(notifications).where(eq(notifications.userId, linked.id));
    expect(n).toMatchObject({ type: 'document', link: '/beneficiary/documents', message: 'Margaret Ellis shared a document with you: Deed to the lake house' });
    // sharing again changes nothing and notifies no one again
    await injectAs(t, ownerS, 'PUT', `/api/v1/documents/${doc.id}/share`, { all: true, release: 'now' });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, linked.id))).toHaveLength(1);
  });

  it("answers 404 for another owner's document on every route and its file", async () => {
    const theirs = await insertDocument(t.app.deps, other.estateId!, { title: 'Their insurance', type: 'financial' });
    const folder = await insertFolder(t.app.deps, other.estateId!, 'Their folder');
    const responses = await Promise.all([
      injectAs(t, ownerS, 'GET', `/api/v1/documents/${theirs.id}`),
      injectAs(t, ownerS, 'PATCH', `/api/v1/documents/${theirs.id}`, { title: 'Mine now' }),
      injectAs(t, ownerS, 'PUT', `/api/v1/documents/${theirs.id}/share`, { all: true, release: 'now' }),
      injectAs(t, ownerS, 'DELETE', `/api/v1/documents/${theirs.id}`),
      injectAs(t, ownerS, 'GET', `/api/v1/files/${theirs.fileId}`),
      injectAs(t, ownerS, 'GET', `/api/v1/files/${theirs.fileId}?inline=1`),
      injectAs(t, ownerS, 'DELETE', `/api/v1/document-folders/${folder.id}`),
      injectAs(t, ownerS, 'GET', `/api/v1/documents/${randomUUID()}`),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(404));
    expect((await injectAs(t, otherS, 'GET', `/api/v1/documents/${theirs.id}`)).json().title).toBe('Their insurance');
    const mine = await insertDocument(t.app.deps, owner.estateId!, { title: 'Mine' });
    expect((await injectAs(t, ownerS, 'PATCH', `/api/v1/documents/${mine.id}`, { folderId: folder.id })).statusCode).toBe(404);
  });

  it('deletes a document and its file', async () => {
    const doc = await insertDocument(t.app.deps, owner.estateId!, { title: 'Old utility bill', type: 'financial' });
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/documents/${doc.id}`)).statusCode).toBe(204);
    expect((await injectAs(t, ownerS, 'GET', `/api/v1/files/${doc.fileId}`)).statusCode).toBe(404);
    expect(await t.db.select().from(files).where(eq(files.id, doc.fileId))).toEqual([]);
  });
});

describe('paging', () => {
  // An estate of its own: 6 documents, four of them created at the same instant.
  let pager: TestSession;
  const same = new Date('2024-03-03T12:00:00.5Z');
  beforeAll(async () => {
    const user = await insertOwner(t.db, { name: 'Dora Pager' });
    pager = await sessionFor(t, user);
    const estateId = user.estateId!;
    for (const title of ['Deed of the farm', 'Deed of the cottage', 'Pension letter', 'Passport copy']) {
      await insertDocument(t.app.deps, estateId, { title, type: 'legal', createdAt: same });
    }
    await insertDocument(t.app.deps, estateId, { title: 'Insurance policy', type: 'financial', createdAt: new Date('2024-01-01T00:00:00Z') });
    await insertDocument(t.app.deps, estateId, { title: 'Last will', type: 'legal', createdAt: new Date('2024-05-05T00:00:00Z') });
  });

  async function walk(qs: string, limit: number) {
    const url = `/api/v1/documents${qs && `?${qs}`}`;
    const { items: seen, pages, bodies } = await walkPages<{ id: string; title: string }, { total: number }>(t, pager, url, limit, undefined, { maxPages: 20 });
    return { seen, pages, total: bodies[0]!.total };
  }

  it('walks every document exactly once, newest first, with ties; the count is of all pages', async () => {
    const all = await walk('', 100);
    expect(all.total).toBe(6);
    expect(all.seen[0]?.title).toBe('Last will');
    expect(all.seen.at(-1)?.title).toBe('Insurance policy');
    const paged = await walk('', 2);
    expect(paged.pages).toBe(3);
    expect(paged.total).toBe(6);
    expect(paged.seen.map((d) => d.id)).toEqual(all.seen.map((d) => d.id));
  });

  it('pages a ranked search and a filter, each counting what it finds', async () => {
    const deeds = await walk('q=deed', 1);
    expect(deeds.seen.map((d) => d.title).sort()).toEqual(['Deed of the cottage', 'Deed of the farm']);
    expect(deeds.total).toBe(2);
    const legal = await walk('type=legal', 2);
    expect(legal.seen).toHaveLength(5);
    expect(legal.total).toBe(5);
    const typed = await walk('q=pensi', 5);
    expect(typed.seen.map((d) => d.title)).toEqual(['Pension letter']);
  });

  it("refuses another list's cursor, a made-up one, or a page over 100, with a 400", async () => {
    const plain = (await injectAs(t, pager, 'GET', '/api/v1/documents?limit=1')).json() as { nextCursor: string };
    const search = (await injectAs(t, pager, 'GET', '/api/v1/documents?q=deed&limit=1')).json() as { nextCursor: string };
    await expectPagingRefusals(t, pager, '/api/v1/documents', [search.nextCursor, 'abc'], { also: [`q=deed&cursor=${encodeURIComponent(plain.nextCursor)}`] });
  });

  it("never lists another estate's documents", async () => {
    const mine = await walk('', 100);
    const theirs = (await injectAs(t, ownerS, 'GET', '/api/v1/documents?limit=100')).json() as { items: { id: string }[] };
    const ids = new Set(mine.seen.map((d) => d.id));
    expect(theirs.items.some((d) => ids.has(d.id))).toBe(false);
  });
});
