import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { files } from '../../db/schema/files.ts';
import { storeBuffer } from '../../storage/stored-files.ts';
import { insertStoredFile, makePdf, makePhoto } from '../../../../test/factories/files.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, useTwoOwners } from '../../../../test/helpers.ts';

const { t, owner, ownerS, other, otherS } = useTwoOwners();

describe('GET /api/v1/files/:id', () => {
  it('streams the decrypted file as an attachment with safe headers', async () => {
    const pdf = makePdf('Last Will and Testament', ['Signed 12 March 2024']);
    const file = await insertStoredFile(t.app.deps, owner.estateId!, { bytes: pdf, mimeType: 'application/pdf', name: 'Will – final.pdf' });
    const res = await injectAs(t, ownerS, 'GET', `/api/v1/files/${file.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Will _ final.pdf"; filename*=UTF-8''Will%20%E2%80%93%20final.pdf`);
    expect(res.headers['content-length']).toBe(String(pdf.length));

    const inline = await injectAs(t, ownerS, 'GET', `/api/v1/files/${file.id}?inline=1`);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);

    const again = await injectAs(t, ownerS, 'GET', `/api/v1/files/${file.id}`, undefined, { headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('never serves HTML or unknown types as themselves, and never inline', async () => {
    const html = await insertStoredFile(t.app.deps, owner.estateId!, { bytes: Buffer.from('<script>alert(1)</script>'), mimeType: 'text/html', name: 'x.html' });
    const res = await injectAs(t, ownerS, 'GET', `/api/v1/files/${html.id}?inline=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    const svg = await insertStoredFile(t.app.deps, owner.estateId!, { bytes: Buffer.from('<svg/>'), mimeType: 'image/svg+xml', name: 'x.svg' });
    const svgRes = await injectAs(t, ownerS, 'GET', `/api/v1/files/${svg.id}?inline=1`);
    expect(svgRes.headers['content-type']).toBe('application/octet-stream');
    expect(svgRes.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('allows inline images', async () => {
    const photo = await insertStoredFile(t.app.deps, owner.estateId!, { bytes: await makePhoto(), mimeType: 'image/jpeg', name: 'p.jpg' });
    const res = await injectAs(t, ownerS, 'GET', `/api/v1/files/${photo.id}?inline=1`);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toMatch(/^inline;/);
  });

  it("is 404 for another owner's file, a pending upload and an unknown id — never 403", async () => {
    const theirs = await insertStoredFile(t.app.deps, other.estateId!, { bytes: makePdf('Theirs'), mimeType: 'application/pdf', name: 't.pdf' });
    expect((await injectAs(t, ownerS, 'GET', `/api/v1/files/${theirs.id}`)).statusCode).toBe(404);
    expect((await injectAs(t, otherS, 'GET', `/api/v1/files/${theirs.id}`)).statusCode).toBe(200);
    const pending = await storeBuffer(t.app.deps, { estateId: owner.estateId!, uploadedBy: owner.id, originalName: 'p.pdf', mimeType: 'application/pdf', bytes: makePdf('Pending') });
    expect((await injectAs(t, ownerS, 'GET', `/api/v1/files/${pending.id}`)).statusCode).toBe(404);
    expect((await injectAs(t, ownerS, 'GET', `/api/v1/files/${randomUUID()}`)).statusCode).toBe(404);
    const res = await injectAs(t, ownerS, 'GET', `/api/v1/files/${theirs.id}`);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('refuses beneficiaries and anonymous callers on the owner route', async () => {
    const file = await insertStoredFile(t.app.deps, owner.estateId!, { bytes: makePdf('x'), mimeType: 'application/pdf', name: 'x.pdf' });
    const beneficiary = await sessionFor(t, await insertUser(t.db, { roles: ['beneficiary'] }));
    expect((await injectAs(t, beneficiary, 'GET', `/api/v1/files/${file.id}`)).statusCode).toBe(403);
    expect((await injectAs(t, null, 'GET', `/api/v1/files/${file.id}`)).statusCode).toBe(401);
  });

  it('keeps the blob encrypted on disk', async () => {
    const pdf = makePdf('Secret plan', ['The combination is 12-34-56']);
    const file = await insertStoredFile(t.app.deps, owner.estateId!, { bytes: pdf, mimeType: 'application/pdf', name: 's.pdf' });
    const [row] = await t.db.select().from(files).where(eq(files.id, file.id));
    const chunks: Buffer[] = [];
    for await (const c of await t.app.deps.files.get(row!.storageKey)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).includes(Buffer.from('combination'))).toBe(false);
  });
});

describe('a restart (local mode: the master key generated once into DATA_DIR)', () => {
  it('serves files stored before the restart, with the same bytes', async () => {
    const local = await buildTestApp({ masterKey: undefined });
    try {
      const user = await insertUser(local.db);
      const pdf = makePdf('Kept across restarts');
      const file = await insertStoredFile(local.app.deps, user.estateId!, { bytes: pdf, mimeType: 'application/pdf', name: 'kept.pdf' });
      expect(fs.existsSync(path.join(local.config.dataDir, 'master.key'))).toBe(true);
      await local.app.close();
      // a new process: same config, same database, same DATA_DIR; nothing in memory carried over
      const restarted = await buildApp({ config: local.config, database: local.database, logger: false });
      try {
        const res = await restarted.inject({ method: 'GET', url: `/api/v1/files/${file.id}`, headers: { cookie: (await sessionFor(local, user)).cookie } });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(pdf)).toBe(true);
      } finally {
        await restarted.close();
      }
    } finally {
      await local.database.close();
      fs.rmSync(local.config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('the hourly sweep of unfinished uploads', () => {
  it('removes a pending upload older than the orphan age and keeps a recent one and committed files', async () => {
    const committed = await insertStoredFile(t.app.deps, owner.estateId!, { bytes: makePdf('Deed', ['Lot 12']), mimeType: 'application/pdf', name: 'deed.pdf' });
    const pendingRow = (createdAt: Date) => ({
      estateId: owner.estateId!,
      storageKey: `tmp/${randomUUID()}`,
      originalName: 'video.mp4',
      mimeType: 'video/mp4',
      size: 0,
      sha256: '',
      wrappedKey: '',
      status: 'pending',
      createdAt,
    });
    const now = t.clock.now().getTime();
    const [stale] = await t.db.insert(files).values(pendingRow(new Date(now - 7 * 3600_000))).returning();
    const [recent] = await t.db.insert(files).values(pendingRow(new Date(now - 2 * 3600_000))).returning();

    const runs = await t.app.deps.jobs.runDue();
    expect(runs.find((r) => r.job === 'sweep-unfinished-uploads')?.result).toMatchObject({ rows: 1 });
    const left = (await t.db.select({ id: files.id }).from(files)).map((r) => r.id);
    expect(left).not.toContain(stale!.id);
    expect(left).toContain(recent!.id);
    expect(left).toContain(committed.id);
  });
});
