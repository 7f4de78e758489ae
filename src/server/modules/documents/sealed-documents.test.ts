import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, multipartBody } from '../../../../test/factories/files.ts';
import { activateThroughApi, insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { sealedFamily, uploadSealedDocument } from '../../../../test/factories/seal.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { openBytes } from '../../../core/seal/sealed-content.ts';
import { documents } from '../../db/schema/documents.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T10:00:00Z'));
});
afterAll(async () => t.close());

const kitIdOf = async (session: TestSession) => (await injectAs(t, session, 'GET', '/api/v1/trustee/kits')).json().items[0].kitId as string;
const give = async (session: TestSession, words: string) => injectAs(t, session, 'POST', `/api/v1/trustee/kits/${await kitIdOf(session)}/give`, { kit: words });
const upload = (s: TestSession, fields: { name: string; value: string }[], file: { filename: string; data: Buffer }) => {
  const { payload, headers } = multipartBody([{ name: 'title', value: 'A sealed one' }, { name: 'type', value: 'legal' }, ...fields, { name: 'file', ...file }]);
  return injectAs(t, s, 'POST', '/api/v1/documents', payload, { headers });
};

describe('a sealed document', () => {
  it('is kept as the browser sealed it: the owner gets the age file back, nothing is read from it, its title is all the server knows', async () => {
    const f = await sealedFamily(t);
    const original = makePdf(`The deeds ${f.marker}`);
    const res = await uploadSealedDocument(t, f.s, f.seal, original, 'Deeds.pdf', 'House deeds');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'House deeds', sealed: true, format: 'PDF', file: { name: 'Deeds.pdf.age', mimeType: 'application/octet-stream' } });
    const [row] = await t.db.select({ contentText: documents.contentText }).from(documents).where(eq(documents.id, res.json().id));
    expect(row!.contentText).toBe('');
    const stored = await injectAs(t, f.s, 'GET', `/api/v1/files/${res.json().file.id}`);
    expect(stored.headers['content-type']).toBe('application/octet-stream');
    expect(Buffer.from(await openBytes(f.seal.identity, stored.rawPayload)).equals(original)).toBe(true);
    // found by its title, never by what is inside
    expect((await injectAs(t, f.s, 'GET', '/api/v1/documents?q=deeds')).json().items).toHaveLength(1);
    expect((await injectAs(t, f.s, 'GET', `/api/v1/documents?q=${f.marker}`)).json().items).toHaveLength(0);
    expect((await injectAs(t, f.s, 'GET', '/api/v1/estate-seal')).json().seal.sealedItems).toBe(2);
    // its file is not replaced (an earlier version would outlive a new seal); deleting it forgets the sealed part
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'new.pdf', data: makePdf('new') }]);
    const replaced = await injectAs(t, f.s, 'POST', `/api/v1/documents/${res.json().id}/file`, payload, { headers });
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().error.message).toMatch(/cannot be replaced/);
    expect((await injectAs(t, f.s, 'DELETE', `/api/v1/documents/${res.json().id}`)).statusCode).toBe(204);
    expect((await injectAs(t, f.s, 'GET', '/api/v1/estate-seal')).json().seal.sealedItems).toBe(1);
  });

  it('refuses what is not sealed to the current seal, with a reason, and keeps nothing', async () => {
    const f = await sealedFamily(t);
    const before = (await injectAs(t, f.s, 'GET', '/api/v1/documents')).json().items.length;
    const plain = await upload(f.s, [{ name: 'sealTag', value: f.seal.sealTag }], { filename: 'Will.pdf.age', data: makePdf('not sealed') });
    expect(plain.statusCode).toBe(415);
    expect(plain.json().error.message).toMatch(/sealed in your browser/);
    const stale = await uploadSealedDocument(t, f.s, { ...f.seal, sealTag: '0badc0de' }, makePdf('x'));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/seal was changed since this page was opened/);
    const unnamed = await uploadSealedDocument(t, f.s, f.seal, makePdf('x'), 'notes.txt');
    expect(unnamed.statusCode).toBe(400);
    const badTag = await upload(f.s, [{ name: 'sealTag', value: 'nope' }], { filename: 'Will.pdf.age', data: makePdf('x') });
    expect(badTag.statusCode).toBe(400);
    // sealed to another estate's seal, or by an owner with no seal
    const other = await sealedFamily(t);
    expect((await uploadSealedDocument(t, other.s, f.seal, makePdf('x'))).statusCode).toBe(409);
    const unsealed = await insertEstateWithTeam(t.db);
    expect((await uploadSealedDocument(t, await sessionFor(t, unsealed.owner), f.seal, makePdf('x'))).statusCode).toBe(409);
    expect((await injectAs(t, f.s, 'GET', '/api/v1/documents')).json().items).toHaveLength(before);
  });

  it('is refused to its reader until the trustees’ kits open it, then downloads byte-identical', async () => {
    const f = await sealedFamily(t);
    const original = makePdf(`Letter of wishes ${f.marker}`);
    const res = await uploadSealedDocument(t, f.s, f.seal, original);
    const shared = await injectAs(t, f.s, 'PUT', `/api/v1/documents/${res.json().id}/share`, { all: false, beneficiaryIds: [f.beneficiary.id], release: 'now' });
    expect(shared.statusCode, shared.body).toBe(200);
    const reader = await sessionFor(t, f.reporter);
    const listed = async () => (await injectAs(t, reader, 'GET', `/api/v1/shared/documents?estateId=${f.owner.estateId}`)).json().items[0];
    expect(await listed()).toMatchObject({ title: 'Letter of wishes', sealed: { opened: false, threshold: 2, shareCount: 3 } });
    const download = () => injectAs(t, reader, 'GET', `/api/v1/shared/files/${res.json().file.id}`);
    const refused = await download();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'SEALED', message: expect.stringMatching(/2 of the 3 trustees/) });
    expect(refused.body).not.toContain(f.marker);

    await activateThroughApi(t, f, [f.trustees[1]!, f.trustees[2]!]);
    expect((await give(await sessionFor(t, f.trustees[1]!), f.seal.shares[1]!.words)).statusCode).toBe(200);
    expect((await download()).statusCode).toBe(409);
    expect((await give(await sessionFor(t, f.trustees[2]!), f.seal.shares[2]!.words)).statusCode).toBe(200);
    expect((await listed()).sealed).toMatchObject({ opened: true });
    const opened = await download();
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['content-disposition']).toContain('Letter%20of%20wishes.pdf');
    expect(opened.rawPayload.equals(original)).toBe(true);
    // another beneficiary it was not shared with still gets nothing
    expect((await injectAs(t, await sessionFor(t, f.trustees[1]!), 'GET', `/api/v1/shared/files/${res.json().file.id}`)).statusCode).toBe(404);
  });
});
