import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateThroughApi } from '../../../../test/factories/lifecycle.ts';
import { sealedFamily, uploadSealedDocument } from '../../../../test/factories/seal.ts';
import { makePdf, multipartBody } from '../../../../test/factories/files.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { decodeKit, hexToBytes, KEY_BYTES } from '../../../core/seal/kit-codec.ts';
import { openSeal } from '../../../core/seal/seal-keys.ts';
import { openBytes, openText, sealBytes, sealText } from '../../../core/seal/sealed-content.ts';
import { files } from '../../db/schema/files.ts';
import { readStoredFile } from '../../storage/stored-files.ts';

/**
 * Issue 27, proof 2: what the owner sealed is out of the operator's reach. With one trustee's kit
 * given (one short of the two needed), take everything the server holds — every row of every table
 * (the outbox included), every value the master key opens, every stored file decrypted, the logs —
 * and find neither the sealed words (a letter, a document, a password, a story, a photo) nor anything
 * that opens them.
 */
let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(chunk.toString('utf8')));
  t = await buildTestApp({}, { logStream });
  t.clock.set(new Date('2026-11-20T10:00:00Z'));
});
afterAll(async () => t.close());

/** Every string inside a JSON value. */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}

describe('the operator holds nothing that opens a seal', () => {
  it('a full dump, the master key, the stored files, the logs and the outbox reveal neither the letter nor its key', async () => {
    const f = await sealedFamily(t);
    // a sealed document too, shared with the daughter, holding the same marker
    const doc = await uploadSealedDocument(t, f.s, f.seal, makePdf(`The deeds ${f.marker}`));
    expect(doc.statusCode, doc.body).toBe(201);
    await injectAs(t, f.s, 'PUT', `/api/v1/documents/${doc.json().id}/share`, { all: true, beneficiaryIds: [], release: 'now' });
    // and a digital asset's sealed password
    const sealedSecrets = await sealText(f.seal.recipient, JSON.stringify({ password: f.marker }));
    expect((await injectAs(t, f.s, 'POST', '/api/v1/digital-assets', { name: 'Bank', sealedSecrets, sealTag: f.seal.sealTag })).statusCode).toBe(201);
    // and a memory's story and photo
    const { payload, headers } = multipartBody([
      { name: 'data', value: JSON.stringify({ title: 'The lake', date: '1998-06-14', description: '' }) },
      { name: 'story', value: JSON.stringify({ title: 'The boat', content: await sealText(f.seal.recipient, `The boat — ${f.marker}`), sealTag: f.seal.sealTag }) },
      { name: 'sealTag', value: f.seal.sealTag },
      { name: 'sealed-photo', filename: 'Lake.jpg.age', data: Buffer.from(await sealBytes(f.seal.recipient, Buffer.from(`photo — ${f.marker}`))) },
    ]);
    expect((await injectAs(t, f.s, 'POST', '/api/v1/memories', payload, { headers })).statusCode).toBe(201);
    await activateThroughApi(t, f, [f.trustees[1]!, f.trustees[2]!]);
    const ann = await sessionFor(t, f.trustees[1]!);
    const kitId = (await injectAs(t, ann, 'GET', '/api/v1/trustee/kits')).json().items[0].kitId;
    expect((await injectAs(t, ann, 'POST', `/api/v1/trustee/kits/${kitId}/give`, { kit: f.seal.shares[1]!.words })).json()).toMatchObject({ kitsGiven: 1, opened: false });

    // every row of every table, as text
    const rowsOf = async <R,>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: R[] }).rows;
    const tables = await rowsOf<{ name: string }>(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
    const rows: unknown[] = [];
    for (const { name } of tables) {
      rows.push(...(await rowsOf<{ row: unknown }>(sql`select row_to_json(x) as row from ${sql.identifier(name)} x`)).map((r) => r.row));
    }
    expect(tables.map((r) => r.name)).toEqual(expect.arrayContaining(['sealed_contents', 'seal_kits', 'estate_seals', 'outbox_emails', 'audit_log']));
    const strings = stringsIn(rows);
    // every value the master key opens, and every stored file
    const opened = strings.flatMap((value) => {
      try {
        return [t.app.deps.secrets.decrypt(value)];
      } catch {
        return [];
      }
    });
    expect(opened.length).toBeGreaterThan(0);
    for (const row of await t.db.select().from(files)) opened.push((await readStoredFile(t.app.deps, row)).toString('latin1'));
    const everything = [...strings, ...opened, ...logLines].join('\n');
    expect(logLines.length).toBeGreaterThan(0);

    expect(everything).not.toContain(f.marker);
    expect(everything).not.toContain(f.seal.identity);
    expect(everything).not.toMatch(/AGE-SECRET-KEY-1/i);
    for (const kit of [f.seal.ownerKit, ...f.seal.shares.map((s) => s.words)]) expect(everything).not.toContain(kit.replace(/ /g, ''));
    const key = decodeKit(f.seal.ownerKit).secret;
    expect(everything).not.toContain(Buffer.from(key).toString('hex'));
    expect(everything).not.toContain(Buffer.from(key).toString('base64'));

    // what it does hold: one share (the kit given), which alone opens nothing
    const shares = opened.filter((v) => /^[0-9a-f]{66}$/.test(v)).map((hex) => ({ ...decodeKit(f.seal.shares[0]!.words), secret: hexToBytes(hex) }));
    expect(shares).toHaveLength(1);
    expect(shares[0]!.secret.length).toBe(KEY_BYTES + 1);
    await expect(openSeal(shares, f.seal)).rejects.toMatchObject({ problem: 'too-few' });
    // and no 32 bytes it holds, taken as the key, open the letter
    const armored = opened.find((v) => v.startsWith('-----BEGIN AGE ENCRYPTED FILE-----'))!;
    expect(armored).toBeTruthy();
    for (const candidate of [shares[0]!.secret.subarray(0, KEY_BYTES), shares[0]!.secret.subarray(1)]) {
      const { bech32 } = await import('@scure/base');
      const identity = bech32.encodeFromBytes('AGE-SECRET-KEY-', candidate).toUpperCase();
      await expect(openText(identity, armored)).rejects.toThrow();
    }
    expect(await openText(f.seal.identity, armored)).toContain(f.marker);
    // the document's stored file is the age file: only the seal's key opens it
    const [docFile] = await t.db.select().from(files).where(eq(files.id, doc.json().file.id));
    const sealedDoc = await readStoredFile(t.app.deps, docFile!);
    expect(Buffer.from(await openBytes(f.seal.identity, sealedDoc)).toString('latin1')).toContain(f.marker);
  });
});
