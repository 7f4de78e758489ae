import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_VERSIONS } from '../../../core/documents.schemas.ts';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { files } from '../../db/schema/files.ts';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { insertStoredFile, makeDocx, makeExe, makePdf, multipartBody } from '../../../../test/factories/files.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { injectAs, sessionFor, type TestSession, useTwoOwners } from '../../../../test/helpers.ts';

const { t, owner, ownerS, other, otherS } = useTwoOwners({ name: 'Margaret Ellis' });

const replace = (session: TestSession, id: string, file?: { filename: string; data: Buffer }) => {
  const { payload, headers } = multipartBody(file ? [{ name: 'file', ...file }] : [{ name: 'note', value: 'no file' }]);
  return injectAs(t, session, 'POST', `/api/v1/documents/${id}/file`, payload, { headers });
};
const versionsOf = async (session: TestSession, id: string) => (await injectAs(t, session, 'GET', `/api/v1/documents/${id}/versions`)).json().items;
/** Every blob the file store holds for an estate (the "no orphan blobs" check). */
const blobsOf = async (estateId: string) => {
  const keys: string[] = [];
  for await (const object of t.app.deps.files.list(`estates/${estateId}/`)) keys.push(object.key);
  return keys.sort();
};

describe('document versions', () => {
  it('Replace File: the document shows the new file; the previous one is listed and downloads its own bytes', async () => {
    const first = makePdf('Will 2019', ['Original text']);
    const doc = await insertDocument(t.app.deps, owner.estateId!, { title: 'Last Will', bytes: first, fileName: 'will-2019.pdf' });
    const second = makeDocx(['Will, revised in 2026']);
    const res = await replace(ownerS, doc.id, { filename: 'will-2026.docx', data: second });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: doc.id, title: 'Last Will', version: 2, format: 'DOCX', size: second.length, file: { name: 'will-2026.docx' } });
    expect((await injectAs(t, ownerS, 'GET', `/api/v1/documents/${doc.id}`)).json().file.name).toBe('will-2026.docx');

    const versions = await versionsOf(ownerS, doc.id);
    expect(versions.map((v: { version: number; current: boolean; file: { name: string; size: number } }) => [v.version, v.current, v.file.name, v.file.size])).toEqual([
      [2, true, 'will-2026.docx', second.length],
      [1, false, 'will-2019.pdf', first.length],
    ]);
    expect(Date.parse(versions[1].uploadedAt)).not.toBeNaN();
    const old = await injectAs(t, ownerS, 'GET', versions[1].file.url);
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.equals(first)).toBe(true);
    expect((await injectAs(t, ownerS, 'GET', versions[0].file.url)).rawPayload.equals(second)).toBe(true);
  });

  it('beneficiaries see the current version only', async () => {
    const user = await insertUser(t.db, { roles: ['beneficiary'] });
    await insertBeneficiary(t.db, owner.estateId!, { userId: user.id, accessDocuments: true });
    const session = await sessionFor(t, user);
    const doc = await insertDocument(t.app.deps, owner.estateId!, { title: 'Shared deed', shareAll: true, release: 'now' });
    expect((await injectAs(t, session, 'GET', `/api/v1/shared/files/${doc.fileId}`)).statusCode).toBe(200);
    const replaced = (await replace(ownerS, doc.id, { filename: 'deed-v2.pdf', data: makePdf('Deed v2') })).json();
    expect((await injectAs(t, session, 'GET', `/api/v1/shared/files/${replaced.file.id}`)).statusCode).toBe(200);
    expect((await injectAs(t, session, 'GET', `/api/v1/shared/files/${doc.fileId}`)).statusCode).toBe(404);
    // nor may they reach the owner's routes for versions
    expect([403, 404]).toContain((await injectAs(t, session, 'GET', `/api/v1/documents/${doc.id}/versions`)).statusCode);
    expect([403, 404]).toContain((await replace(session, doc.id, { filename: 'x.pdf', data: makePdf('x') })).statusCode);
  });

  it('refuses a replacement that is not a document, too large, missing, or for another estate — and changes nothing', async () => {
    const doc = await insertDocument(t.app.deps, owner.estateId!, { title: 'Insurance policy' });
    const theirs = await insertDocument(t.app.deps, other.estateId!, { title: 'Their deed' });
    const before = await t.db.select({ id: files.id }).from(files);
    const exe = await replace(ownerS, doc.id, { filename: 'policy.pdf', data: makeExe() });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error.message).toMatch(/^Only PDF, DOC and DOCX files up to 10 MB can be uploaded\./);
    const big = Buffer.concat([makePdf('Big'), Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    expect((await replace(ownerS, doc.id, { filename: 'big.pdf', data: big })).statusCode).toBe(413);
    const none = await replace(ownerS, doc.id);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ file: 'Choose a PDF, DOC or DOCX file' });
    expect((await replace(ownerS, theirs.id, { filename: 'x.pdf', data: makePdf('x') })).statusCode).toBe(404);
    expect((await replace(ownerS, randomUUID(), { filename: 'x.pdf', data: makePdf('x') })).statusCode).toBe(404);
    expect((await t.db.select({ id: files.id }).from(files)).length).toBe(before.length);
    expect((await injectAs(t, ownerS, 'GET', `/api/v1/documents/${doc.id}`)).json()).toMatchObject({ version: 1, file: { id: doc.fileId } });
    expect(await versionsOf(ownerS, doc.id)).toHaveLength(1);
  });

  it('two replaces at once both land, each as its own version, no file lost', async () => {
    const doc = await insertDocument(t.app.deps, owner.estateId!, { title: 'Deed to the lake house' });
    const [a, b] = await Promise.all([
      replace(ownerS, doc.id, { filename: 'a.pdf', data: makePdf('A') }),
      replace(ownerS, doc.id, { filename: 'b.pdf', data: makePdf('B') }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const versions = await versionsOf(ownerS, doc.id);
    expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(new Set(versions.map((v: { file: { name: string } }) => v.file.name))).toEqual(new Set(['a.pdf', 'b.pdf', expect.any(String)]));
    const ids = versions.map((v: { file: { id: string } }) => v.file.id);
    const rows = await t.db.select({ status: files.status }).from(files).where(inArray(files.id, ids));
    expect(rows.map((r) => r.status)).toEqual(['committed', 'committed', 'committed']);
  });

  it('deletes an earlier version and its blob; refuses the current one; 404 for a missing or foreign version', async () => {
    const doc = await insertDocument(t.app.deps, owner.estateId!, { title: 'Pension letter' });
    await replace(ownerS, doc.id, { filename: 'pension-2.pdf', data: makePdf('Pension 2') });
    const blobsBefore = await blobsOf(owner.estateId!);

    const current = await injectAs(t, ownerS, 'DELETE', `/api/v1/documents/${doc.id}/versions/2`);
    expect(current.statusCode).toBe(409);
    expect(current.json().error.message).toMatch(/current version/);
    expect((await injectAs(t, otherS, 'DELETE', `/api/v1/documents/${doc.id}/versions/1`)).statusCode).toBe(404);
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/documents/${doc.id}/versions/7`)).statusCode).toBe(404);
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/documents/${doc.id}/versions/zero`)).statusCode).toBe(400);

    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/documents/${doc.id}/versions/1`)).statusCode).toBe(204);
    expect((await versionsOf(ownerS, doc.id)).map((v: { version: number }) => v.version)).toEqual([2]);
    expect((await injectAs(t, ownerS, 'GET', `/api/v1/files/${doc.fileId}`)).statusCode).toBe(404);
    const blobsAfter = await blobsOf(owner.estateId!);
    expect(blobsBefore.filter((k) => !blobsAfter.includes(k))).toEqual([`estates/${owner.estateId}/${doc.fileId}`]);
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/documents/${doc.id}/versions/1`)).statusCode).toBe(404);
    // a later replace does not reuse the deleted number
    expect((await replace(ownerS, doc.id, { filename: 'pension-3.pdf', data: makePdf('Pension 3') })).json().version).toBe(3);
  });

  it('deleting the document removes every version and every blob', async () => {
    const doc = await insertDocument(t.app.deps, owner.estateId!, { title: 'Tax return' });
    const blobsBefore = await blobsOf(owner.estateId!);
    await replace(ownerS, doc.id, { filename: 'tax-2.pdf', data: makePdf('Tax 2') });
    await replace(ownerS, doc.id, { filename: 'tax-3.docx', data: makeDocx(['Tax 3']) });
    expect(await blobsOf(owner.estateId!)).toHaveLength(blobsBefore.length + 2);
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/documents/${doc.id}`)).statusCode).toBe(204);
    expect(await blobsOf(owner.estateId!)).toEqual(blobsBefore.filter((k) => !k.endsWith(doc.fileId)));
    expect(await t.db.select().from(documentVersions).where(eq(documentVersions.documentId, doc.id))).toEqual([]);
    expect(await t.db.select().from(files).where(eq(files.estateId, owner.estateId!)).then((r) => r.some((f) => f.id === doc.fileId))).toBe(false);
  });

  it(`keeps at most ${DOCUMENT_MAX_VERSIONS} versions and says how to make room`, async () => {
    const doc = await insertDocument(t.app.deps, owner.estateId!, { title: 'Much revised letter' });
    // earlier versions put in place directly (uploading 19 files through the API adds nothing)
    for (let version = 1; version < DOCUMENT_MAX_VERSIONS; version++) {
      const file = await insertStoredFile(t.app.deps, owner.estateId!, { bytes: makePdf(`v${version}`), mimeType: 'application/pdf', name: `v${version}.pdf` });
      await t.db.insert(documentVersions).values({ documentId: doc.id, version, fileId: file.id });
    }
    await t.db.update(documents).set({ version: DOCUMENT_MAX_VERSIONS }).where(eq(documents.id, doc.id));
    const res = await replace(ownerS, doc.id, { filename: 'one-more.pdf', data: makePdf('One more') });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/Delete an earlier version/);
    expect(await versionsOf(ownerS, doc.id)).toHaveLength(DOCUMENT_MAX_VERSIONS);
  });

  it(`never lists more than ${DOCUMENT_MAX_VERSIONS} versions, newest first, even when more were kept`, async () => {
    const doc = await insertDocument(t.app.deps, owner.estateId!, { title: 'Letter kept from before the limit' });
    const kept = DOCUMENT_MAX_VERSIONS + 3;
    for (let version = 1; version <= kept; version++) {
      const file = await insertStoredFile(t.app.deps, owner.estateId!, { bytes: makePdf(`v${version}`), mimeType: 'application/pdf', name: `v${version}.pdf` });
      await t.db.insert(documentVersions).values({ documentId: doc.id, version, fileId: file.id });
    }
    await t.db.update(documents).set({ version: kept + 1 }).where(eq(documents.id, doc.id));
    const versions: { version: number; current: boolean }[] = await versionsOf(ownerS, doc.id);
    expect(versions).toHaveLength(DOCUMENT_MAX_VERSIONS);
    expect(versions.map((v) => v.version)).toEqual(Array.from({ length: DOCUMENT_MAX_VERSIONS }, (_, i) => kept + 1 - i));
    expect(versions[0]!.current).toBe(true);
  });
});
