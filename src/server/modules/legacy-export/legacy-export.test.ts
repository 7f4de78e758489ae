import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_LEGACY_EXPORT_STATUSES } from '../../../core/legacy-export.schemas.ts';
import { emailsTo, injectAs, sessionFor, useTwoOwners, type TestSession } from '../../../../test/helpers.ts';
import { EXPORT_SECRET, hashOf, insertExportableEstate, readZip } from '../../../../test/factories/legacy-export.ts';
import { insertOwner } from '../../../../test/factories/users.ts';
import { files } from '../../db/schema/files.ts';
import { legacyExports } from '../../db/schema/legacy-exports.ts';
import { memoryMedia } from '../../db/schema/memories.ts';
import { totpFor } from '../../identity/second-factor.ts';

const START = '/api/v1/legacy-exports';
const LATEST = '/api/v1/legacy-exports/latest';

describe('export my legacy', () => {
  const { t, owner, ownerS, other, otherS } = useTwoOwners({ name: 'Margaret Ellis' });
  let originals: Buffer[] = [];

  beforeAll(async () => {
    ({ originals } = await insertExportableEstate(t.app.deps, owner));
  });

  const latest = async (s: TestSession) => (await injectAs(t, s, 'GET', LATEST)).json().export;
  const runJobs = () => t.app.deps.jobs.runDue();
  /** The token of the newest "ready" email to the owner. */
  async function mailedToken(email: string): Promise<string> {
    const [mail] = (await emailsTo(t, email)).filter((m) => m.kind === 'legacy-export-ready');
    const match = /\/estate-owner\/export#([\w-]+)/.exec(mail?.text ?? '');
    expect(match, 'the ready email carries a link').not.toBeNull();
    return match![1]!;
  }
  const download = (s: TestSession, token: string) => injectAs(t, s, 'GET', `/api/v1/legacy-exports/download/${token}`);

  async function exportReady(s: TestSession, body: object = {}) {
    const started = await injectAs(t, s, 'POST', START, body);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().status).toBe('queued');
    await runJobs();
    const ready = await latest(s);
    expect(ready).toMatchObject({ id: started.json().id, status: 'ready' });
    return ready as { id: string; totalFiles: number; packedFiles: number; size: number };
  }

  it('packs every file, decrypted and byte for byte, with the data as JSON and an index page; secrets left out without the password', async () => {
    const ready = await exportReady(ownerS);
    expect(ready.totalFiles).toBe(originals.length);
    expect(ready.packedFiles).toBe(originals.length);

    const token = await mailedToken(owner.email);
    const check = await injectAs(t, ownerS, 'GET', `/api/v1/legacy-exports/links/${token}`);
    expect(check.statusCode).toBe(200);
    expect(check.json().includeSecrets).toBe(false);

    const response = await download(ownerS, token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="heirloom-legacy-\d{4}-\d{2}-\d{2}\.zip"/);
    const zip = await readZip(response.rawPayload);

    // Every uploaded file is in the archive exactly once, byte for byte.
    const memoriesJson = JSON.parse(zip.get('data/memories.json')!.toString());
    const documentsJson = JSON.parse(zip.get('data/documents.json')!.toString());
    const packedPaths: string[] = [
      ...memoriesJson.flatMap((m: { media: { path: string | null }[] }) => m.media.map((i) => i.path).filter(Boolean)),
      ...documentsJson.flatMap((d: { path: string; earlierVersions: { path: string }[] }) => [d.path, ...d.earlierVersions.map((v) => v.path)]),
    ];
    expect(packedPaths).toHaveLength(originals.length);
    const packedHashes = packedPaths.map((p) => hashOf(zip.get(p)!)).sort();
    expect(packedHashes).toEqual(originals.map(hashOf).sort());
    // …and matches the hash recorded at upload.
    for (const item of memoriesJson.flatMap((m: { media: { path: string | null; sha256: string }[] }) => m.media.filter((i) => i.path))) {
      expect(hashOf(zip.get(item.path)!)).toBe(item.sha256);
    }

    // Readable, safe and unique names.
    // (The two memories share date and title: which folder gets " (2)" follows their order.)
    const wedding = 'memories/1975-06-14 Our _wedding_ day';
    const [photos, recordings] = packedPaths.some((p) => p === `${wedding}/01 photo.jpg`) ? [wedding, `${wedding} (2)`] : [`${wedding} (2)`, wedding];
    expect([...packedPaths].sort()).toEqual(
      [
        `${photos}/01 photo.jpg`,
        `${photos}/02 photo.jpg`,
        `${recordings}/01 vows.wav`,
        `${recordings}/02 passwd.mp4`,
        'documents/Legal _ Wills/Last will.pdf',
        'documents/Legal _ Wills/Last will (version 1).pdf',
        'documents/Legal _ Wills/_CON.pdf',
        'documents/Unfiled/Last will.pdf',
      ].sort(),
    );
    for (const name of zip.keys()) expect(name.split('/')).not.toContain('..');

    // The data, as JSON.
    expect(memoriesJson).toHaveLength(2);
    // the two memories share date and title, so their order is the ids': take the one with photos
    const withPhotos = memoriesJson.find((m: { media: { kind: string }[] }) => m.media.some((i) => i.kind === 'photo'));
    expect(withPhotos).toMatchObject({ title: 'Our <wedding> day', date: '1975-06-14', notes: [{ text: 'Remember the cake' }] });
    expect(withPhotos.media.find((i: { kind: string }) => i.kind === 'story')).toMatchObject({ title: 'How we met', content: 'At the harbour dance.' });
    expect(JSON.parse(zip.get('data/beneficiaries.json')!.toString()).map((b: { firstName: string }) => b.firstName).sort()).toEqual(['Emily', 'Tom']);
    expect(JSON.parse(zip.get('data/tasks.json')!.toString()).map((x: { title: string }) => x.title)).toContain('Upload the house deeds');
    expect(JSON.parse(zip.get('data/appointments.json')!.toString())[0]).toMatchObject({ attendeeName: 'Sarah Planner' });
    expect(JSON.parse(zip.get('data/future-messages.json')!.toString())[0]).toMatchObject({ subject: 'For your 30th birthday', recipientName: 'Emily Ellis' });
    const audit = JSON.parse(zip.get('data/audit-log.json')!.toString());
    expect(audit.map((a: { action: string }) => a.action)).toContain('legacy_export.requested');

    // Secrets: left out, and the archive says so.
    const assets = JSON.parse(zip.get('data/digital-assets.json')!.toString());
    expect(assets.secretsIncluded).toBe(false);
    expect(assets.assets.find((a: { name: string }) => a.name === 'Family email')).toMatchObject({ hasSecrets: true, secrets: null });
    for (const bytes of zip.values()) expect(bytes.includes(EXPORT_SECRET)).toBe(false);

    // index.html: offline, no script, escaped, links to the files.
    const index = zip.get('index.html')!.toString();
    expect(index).toContain("default-src 'none'");
    expect(index).not.toMatch(/<script/i);
    expect(index).toContain('Our &lt;wedding&gt; day');
    expect(index).toContain('Passwords and other secrets were left out');
    expect(index).toContain('href="documents/Legal%20_%20Wills/_CON.pdf"');
    expect(index).toContain('href="documents/Legal%20_%20Wills/Last%20will%20(version%201).pdf"');
  });

  it('uses the link once: a second download is refused and the archive is gone from the store', async () => {
    const [row] = await t.db.select().from(legacyExports).where(eq(legacyExports.userId, owner.id));
    expect(row!.status).toBe('downloaded');
    expect(row!.fileId).toBeNull();
    const token = await mailedToken(owner.email);
    const again = await download(ownerS, token);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('This download link is not valid, has expired or was already used. Start a new export on Settings.');
    expect((await injectAs(t, ownerS, 'GET', `/api/v1/legacy-exports/links/${token}`)).statusCode).toBe(404);
    const archives = await t.db.select().from(files).where(and(eq(files.status, 'archive'), eq(files.estateId, owner.estateId!)));
    expect(archives).toHaveLength(0);
  });

  it('refuses a wrong password (400, nothing starts) and includes the secrets with the right one', async () => {
    const before = await latest(ownerS);
    const wrong = await injectAs(t, ownerS, 'POST', START, { includeSecrets: true, password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('password');
    const missing = await injectAs(t, ownerS, 'POST', START, { includeSecrets: true });
    expect(missing.statusCode).toBe(400);
    expect((await latest(ownerS)).id).toBe(before.id);

    const ready = await exportReady(ownerS, { includeSecrets: true, password: owner.password });
    const { url } = (await injectAs(t, ownerS, 'POST', `/api/v1/legacy-exports/${ready.id}/link`)).json();
    const zip = await readZip((await injectAs(t, ownerS, 'GET', url)).rawPayload);
    const assets = JSON.parse(zip.get('data/digital-assets.json')!.toString());
    expect(assets.secretsIncluded).toBe(true);
    expect(assets.assets.find((a: { name: string }) => a.name === 'Family email').secrets.password).toBe(EXPORT_SECRET);
    expect(zip.get('index.html')!.toString()).toContain('includes passwords and other secrets');
  });

  it('with two-factor on, secrets also need the authenticator code', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const guarded = await insertOwner(t.db, { totpSecretEnc: t.app.deps.secrets.encrypt(secret), totpEnabledAt: t.clock.now() });
    const gs = await sessionFor(t, guarded);
    const noCode = await injectAs(t, gs, 'POST', START, { includeSecrets: true, password: guarded.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.fields).toHaveProperty('code');
    const badCode = await injectAs(t, gs, 'POST', START, { includeSecrets: true, password: guarded.password, code: '000000' });
    expect(badCode.statusCode).toBe(400);
    expect(await latest(gs)).toBeNull();
    const code = totpFor(secret, 'x', 'x').generate({ timestamp: t.clock.now().getTime() });
    const ok = await injectAs(t, gs, 'POST', START, { includeSecrets: true, password: guarded.password, code });
    expect(ok.statusCode, ok.body).toBe(202);
    expect(ok.json().includeSecrets).toBe(true);
    await runJobs();
  });

  it('a newer link replaces the emailed one', async () => {
    const ready = await exportReady(ownerS);
    const emailed = await mailedToken(owner.email);
    const { url } = (await injectAs(t, ownerS, 'POST', `/api/v1/legacy-exports/${ready.id}/link`)).json();
    expect((await download(ownerS, emailed)).statusCode).toBe(404);
    expect((await injectAs(t, ownerS, 'GET', url)).statusCode).toBe(200);
  });

  it("another owner cannot use the link or the export id (404) and sees no export", async () => {
    const ready = await exportReady(ownerS);
    const token = await mailedToken(owner.email);
    expect((await download(otherS, token)).statusCode).toBe(404);
    expect((await injectAs(t, otherS, 'GET', `/api/v1/legacy-exports/links/${token}`)).statusCode).toBe(404);
    expect((await injectAs(t, otherS, 'POST', `/api/v1/legacy-exports/${ready.id}/link`)).statusCode).toBe(404);
    expect(await latest(otherS)).toBeNull();
    // The owner's link still works after those attempts.
    expect((await download(ownerS, token)).statusCode).toBe(200);
    // A user without an estate has nothing to export.
    const beneficiary = await insertOwner(t.db, { roles: ['beneficiary'] } as never);
    const bs = await sessionFor(t, beneficiary);
    expect((await injectAs(t, bs, 'POST', START, {})).statusCode).toBe(403);
    expect(other.id).not.toBe(owner.id);
  });

  it('refuses a second export while one is running, also when two requests arrive at once', async () => {
    const [a, b] = await Promise.all([injectAs(t, ownerS, 'POST', START, {}), injectAs(t, ownerS, 'POST', START, {})]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const third = await injectAs(t, ownerS, 'POST', START, {});
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toContain('already being prepared');
    await runJobs();
    expect((await latest(ownerS)).status).toBe('ready');
    // A new export retires the archive that was never downloaded.
    await exportReady(ownerS);
    const rows = await t.db.select().from(legacyExports).where(eq(legacyExports.userId, owner.id));
    expect(rows.filter((r) => r.status === 'ready')).toHaveLength(1);
    expect(await t.db.select().from(files).where(and(eq(files.status, 'archive'), eq(files.estateId, owner.estateId!)))).toHaveLength(1);
  });

  it('nothing is lost on a crash: a failing build is marked failed, a dead one is failed by the sweep, and the owner can start again', async () => {
    // A stored file that cannot be read (its blob is gone) makes the build fail.
    const [media] = await t.db.select().from(memoryMedia).where(eq(memoryMedia.kind, 'photo')).limit(1);
    const [photo] = await t.db.select().from(files).where(eq(files.id, media!.fileId!));
    const blob = await t.app.deps.files.get(photo!.storageKey);
    const saved: Buffer[] = [];
    for await (const chunk of blob) saved.push(chunk as Buffer);
    await t.app.deps.files.delete(photo!.storageKey);
    expect((await injectAs(t, ownerS, 'POST', START, {})).statusCode).toBe(202);
    await expect(runJobs()).rejects.toThrow();
    expect((await latest(ownerS)).status).toBe('failed');
    const { Readable } = await import('node:stream');
    await t.app.deps.files.put(photo!.storageKey, Readable.from(saved));

    // A job that died mid-way (its heartbeat stopped) is failed by the sweep.
    const started = await injectAs(t, ownerS, 'POST', START, {});
    expect(started.statusCode).toBe(202);
    const now = t.clock.now();
    await t.db
      .update(legacyExports)
      .set({ status: 'running', heartbeatAt: new Date(now.getTime() - 11 * 60_000) })
      .where(eq(legacyExports.id, started.json().id));
    const { sweepLegacyExports } = await import('./sweep-legacy-exports.ts');
    expect((await sweepLegacyExports(t.app.deps)).failed).toBe(1);
    expect((await latest(ownerS)).status).toBe('failed');
    await runJobs(); // the queued job finds the export failed and does nothing
    expect((await latest(ownerS)).status).toBe('failed');
    expect(ACTIVE_LEGACY_EXPORT_STATUSES).not.toContain('failed');
    await exportReady(ownerS);
  });

  // Last: it moves the clock a day on.
  it('expires: after 24 hours the sweep deletes the archive and the link is refused', async () => {
    await exportReady(ownerS);
    const token = await mailedToken(owner.email);
    t.clock.advance(24 * 60 * 60 * 1000 + 60_000);
    await runJobs();
    const fresh = await sessionFor(t, owner); // the old session timed out meanwhile
    expect((await latest(fresh)).status).toBe('expired');
    expect((await download(fresh, token)).statusCode).toBe(404);
    expect((await injectAs(t, fresh, 'POST', `/api/v1/legacy-exports/${(await latest(fresh)).id}/link`)).statusCode).toBe(410);
    expect(await t.db.select().from(files).where(and(eq(files.status, 'archive'), eq(files.estateId, owner.estateId!)))).toHaveLength(0);
  });
});
