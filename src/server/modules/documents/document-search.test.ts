import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SNIPPET_START, SNIPPET_STOP, snippetParts } from '../../../core/documents.schemas.ts';
import { documents } from '../../db/schema/documents.ts';
import { makeCorruptPdf, makeTextPdf } from '../../../../test/factories/document-files.ts';
import { makeDocx, multipartBody } from '../../../../test/factories/files.ts';
import { injectAs, type TestSession, useTwoOwners } from '../../../../test/helpers.ts';
import { cleanDocumentText, DOCUMENT_TEXT_MAX_CHARS } from './extract-text.ts';

const { t, ownerS, otherS } = useTwoOwners({ name: 'Margaret Ellis' });

const upload = async (session: TestSession, title: string, file: { filename: string; data: Buffer }) => {
  const { payload, headers } = multipartBody([
    { name: 'title', value: title },
    { name: 'type', value: 'personal' },
    { name: 'file', ...file },
  ]);
  const res = await injectAs(t, session, 'POST', '/api/v1/documents', payload, { headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; file: { id: string } };
};
const search = async (session: TestSession, q: string) => {
  const res = await injectAs(t, session, 'GET', `/api/v1/documents?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as { id: string; title: string; snippet: string | null }[];
};
const textOf = async (id: string) => (await t.db.select({ text: documents.contentText }).from(documents).where(eq(documents.id, id)))[0]?.text;
const matched = (snippet: string | null) => snippetParts(snippet ?? '').filter((p) => p.match).map((p) => p.text.toLowerCase());

describe('search inside documents', () => {
  it('finds a word that is only in a PDF body or a DOCX body, with the snippet around it', async () => {
    const pdf = await upload(ownerS, 'Letter to Emily', {
      filename: 'letter.pdf',
      data: await makeTextPdf('Dear Emily', ['The marmalade recipe your grandmother loved is in the blue tin above the stove.']),
    });
    const docx = await upload(ownerS, 'Boat papers', { filename: 'boat.docx', data: makeDocx(['The spare key to the lighthouse cottage hangs by the door.']) });
    // Until the text is read the document is found by its title only.
    expect(await textOf(pdf.id)).toBeNull();
    expect(await search(ownerS, 'marmalade')).toEqual([]);
    expect((await search(ownerS, 'Emily')).map((d) => d.id)).toContain(pdf.id);

    await t.app.deps.jobs.runDue();
    const [found] = await search(ownerS, 'marmalade');
    expect(found).toMatchObject({ id: pdf.id, title: 'Letter to Emily' });
    expect(matched(found!.snippet)).toEqual(['marmalade']);
    expect(snippetParts(found!.snippet!).map((p) => p.text).join('')).toContain('recipe your grandmother');

    const [inDocx] = await search(ownerS, 'lighthouse');
    expect(inDocx!.id).toBe(docx.id);
    expect(matched(inDocx!.snippet)).toEqual(['lighthouse']);
    // a stemmed form matches too
    expect((await search(ownerS, 'cottages')).map((d) => d.id)).toEqual([docx.id]);
  });

  it('ranks a title match above a body-only match, and a title-only match carries no snippet', async () => {
    const bodyOnly = await upload(ownerS, 'Notes for the executor', {
      filename: 'notes.pdf',
      data: await makeTextPdf('Notes', ['Ask the harbourmaster about the mooring fee before selling anything.']),
    });
    const titled = await upload(ownerS, 'Harbourmaster correspondence', { filename: 'h.docx', data: makeDocx(['Letters about fees.']) });
    await t.app.deps.jobs.runDue();
    const results = await search(ownerS, 'harbourmaster');
    expect(results.map((d) => d.id)).toEqual([titled.id, bodyOnly.id]);
    expect(results[0]!.snippet).toBeNull();
    expect(matched(results[1]!.snippet)).toEqual(['harbourmaster']);
  });

  it("never shows another estate's document, whatever its text", async () => {
    const theirs = await upload(otherS, 'Their will', { filename: 'w.pdf', data: await makeTextPdf('Will', ['The zeppelin collection goes to the museum.']) });
    await t.app.deps.jobs.runDue();
    expect(await search(ownerS, 'zeppelin')).toEqual([]);
    expect((await search(otherS, 'zeppelin')).map((d) => d.id)).toEqual([theirs.id]);
  });

  it('a corrupt or password-protected PDF uploads fine, without text, and is found by its title', async () => {
    const corrupt = await upload(ownerS, 'Damaged scan', { filename: 'scan.pdf', data: makeCorruptPdf() });
    const locked = await upload(ownerS, 'Locked statement', {
      filename: 'locked.pdf',
      data: await makeTextPdf('Statement', ['Account balance quokka'], { userPassword: 'secret' }),
    });
    const runs = await t.app.deps.jobs.runDue();
    expect(runs.filter((r) => r.job === 'extract-document-text').length).toBeGreaterThan(0);
    expect(await textOf(corrupt.id)).toBe('');
    expect(await textOf(locked.id)).toBe('');
    expect(await search(ownerS, 'quokka')).toEqual([]);
    expect((await search(ownerS, 'damaged')).map((d) => d.id)).toEqual([corrupt.id]);
  });

  it('a replaced file is searched by its new text, not the old', async () => {
    const doc = await upload(ownerS, 'Garden plan', { filename: 'g1.docx', data: makeDocx(['Plant the wisteria by the gate.']) });
    await t.app.deps.jobs.runDue();
    expect((await search(ownerS, 'wisteria')).map((d) => d.id)).toEqual([doc.id]);
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'g2.pdf', data: await makeTextPdf('Garden', ['Plant the magnolia by the gate.']) }]);
    expect((await injectAs(t, ownerS, 'POST', `/api/v1/documents/${doc.id}/file`, payload, { headers })).statusCode).toBe(200);
    await t.app.deps.jobs.runDue();
    expect(await search(ownerS, 'wisteria')).toEqual([]);
    expect((await search(ownerS, 'magnolia')).map((d) => d.id)).toEqual([doc.id]);
  });

  it('text is capped and cleaned of the snippet markers, so a file cannot fake a highlight', async () => {
    expect(cleanDocumentText(`a${SNIPPET_START}b${SNIPPET_STOP}c\u0000d`)).toBe('a b c d');
    expect(cleanDocumentText('word '.repeat(100_000))).toHaveLength(DOCUMENT_TEXT_MAX_CHARS);
    const doc = await upload(ownerS, 'Tricky', { filename: 't.docx', data: makeDocx([`Nothing ${SNIPPET_START}ostrich${SNIPPET_STOP} here but the word pelican.`]) });
    await t.app.deps.jobs.runDue();
    const [found] = await search(ownerS, 'pelican');
    expect(found!.id).toBe(doc.id);
    expect(matched(found!.snippet)).toEqual(['pelican']);
  });

  it('snippetParts splits on the markers and never yields markup', () => {
    expect(snippetParts(`the <b>${SNIPPET_START}key${SNIPPET_STOP}</b> is`)).toEqual([
      { text: 'the <b>', match: false },
      { text: 'key', match: true },
      { text: '</b> is', match: false },
    ]);
  });
});
