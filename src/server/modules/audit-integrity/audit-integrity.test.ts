import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { makePdf, multipartBody } from '../../../../test/factories/files.ts';
import { insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { insertMemory, samplePhoto } from '../../../../test/factories/memories.ts';
import { endVetoWindow } from '../../../../test/factories/safeguards.ts';
import { insertOwner, insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import type { BaseCtx } from '../../context.ts';
import { auditLog } from '../../db/schema/system.ts';
import { users } from '../../db/schema/users.ts';
import { deleteAccount } from '../account-deletion/delete-due-accounts.ts';
import { appendAuditRows, chainUnchainedAuditRows } from '../../lib/audit-chain.ts';
import { audit } from '../../lib/audit.ts';
import { verifyAuditChain } from './verify-audit-chain.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const ctxFor = (_estate: null): BaseCtx => ({ ...t.app.deps, actor: null, meta: { ip: '127.0.0.1', userAgent: 'vitest' } });
const chainRows = (estateId: string) => t.db.select().from(auditLog).where(eq(auditLog.estateId, estateId)).orderBy(asc(auditLog.id));
const verify = () => verifyAuditChain(t.db, { batchSize: 7 });
// Each test that breaks the record mends it (restores the row) so the next starts intact.

describe('the hash chain', () => {
  it('links every new row to the previous row of its estate; rows without an estate form the platform chain', async () => {
    const owner = await insertOwner(t.db);
    const estateId = owner.estateId!;
    for (const action of ['memory.created', 'memory.updated', 'document.uploaded']) await audit(ctxFor(null), { action, estateId, details: { b: 2, a: { z: 1, y: [1, 'x'] } } });
    await audit(ctxFor(null), { action: 'platform.thing', estateId: null });
    const rows = await chainRows(estateId);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.prevHash).toBeNull();
    expect(rows[1]!.prevHash).toBe(rows[0]!.hash);
    expect(rows[2]!.prevHash).toBe(rows[1]!.hash);
    expect(new Set(rows.map((r) => r.hash)).size).toBe(3);
    expect((await verify()).intact).toBe(true);
  });

  it('20 parallel audit() calls in one estate leave one unforked chain', async () => {
    const owner = await insertOwner(t.db);
    const estateId = owner.estateId!;
    await Promise.all(Array.from({ length: 20 }, (_, i) => audit(ctxFor(null), { action: 'parallel.tested', estateId, details: { i } })));
    const rows = await chainRows(estateId);
    expect(rows).toHaveLength(20);
    expect(rows[0]!.prevHash).toBeNull();
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
    expect(new Set(rows.map((r) => r.prevHash)).size).toBe(20);
    const result = await verify();
    expect(result.message).toMatch(/intact/);
    expect(result.intact).toBe(true);
  });

  it('names a row whose details were altered with SQL, then intact once restored', async () => {
    const owner = await insertOwner(t.db);
    const estateId = owner.estateId!;
    await appendAuditRows(t.db, [1, 2, 3].map((n) => ({ action: 'altered.tested', estateId, details: { n } })));
    const [, middle] = await chainRows(estateId);
    await t.db.execute(sql`update audit_log set details = '{"n": 99}'::jsonb where id = ${middle!.id}`);
    const result = await verify();
    expect(result).toMatchObject({ intact: false, problem: 'altered', chain: estateId, rowId: middle!.id });
    expect(result.message).toMatch(new RegExp(`row ${middle!.id}.*changed`));
    await t.db.execute(sql`update audit_log set details = '{"n": 2}'::jsonb where id = ${middle!.id}`);
    expect((await verify()).intact).toBe(true);
  });

  it('names the row after a deleted middle row as missing its predecessor', async () => {
    const owner = await insertOwner(t.db);
    const estateId = owner.estateId!;
    await appendAuditRows(t.db, [1, 2, 3].map((n) => ({ action: 'deleted.tested', estateId, details: { n } })));
    const [first, middle, last] = await chainRows(estateId);
    await t.db.delete(auditLog).where(eq(auditLog.id, middle!.id));
    const result = await verify();
    expect(result).toMatchObject({ intact: false, problem: 'missing', chain: estateId, rowId: last!.id });
    expect(result.message).toMatch(new RegExp(`between row ${first!.id} and this one is missing`));
    await t.db.insert(auditLog).values(middle!); // put it back exactly (same id and hash)
    expect((await verify()).intact).toBe(true);
  });

  it('names reordered rows and rows written around the chain', async () => {
    const owner = await insertOwner(t.db);
    const estateId = owner.estateId!;
    await appendAuditRows(t.db, [1, 2, 3].map((n) => ({ action: 'reorder.tested', estateId, details: { n } })));
    const [a, b] = await chainRows(estateId);
    // swap the links of the first two rows: each still hashes, but the order is wrong
    await t.db.delete(auditLog).where(eq(auditLog.estateId, estateId));
    const swapped = await verify();
    expect(swapped.intact).toBe(true); // a whole chain gone leaves no trace (ADR 0045: estate deletion)
    await t.db.insert(auditLog).values([{ ...b!, id: a!.id }, { ...a!, id: b!.id }]);
    const reordered = await verify();
    expect(reordered.intact).toBe(false);
    expect(reordered.rowId).toBe(a!.id);
    await t.db.delete(auditLog).where(eq(auditLog.estateId, estateId));

    await t.db.insert(auditLog).values({ action: 'sneaky.insert', estateId });
    const sneaky = await verify();
    expect(sneaky).toMatchObject({ intact: false, problem: 'unchained', chain: estateId });
    // the startup chaining takes it as the chain's start only because nothing chained comes before it
    expect(await chainUnchainedAuditRows(t.db)).toBe(1);
    expect((await verify()).intact).toBe(true);
    await audit(ctxFor(null), { action: 'after.start', estateId });
    await t.db.insert(auditLog).values({ action: 'sneaky.after', estateId });
    expect(await chainUnchainedAuditRows(t.db)).toBe(0); // never launders a row written after the chain
    expect((await verify()).problem).toBe('unchained');
    await t.db.delete(auditLog).where(eq(auditLog.action, 'sneaky.after'));
    expect((await verify()).intact).toBe(true);
  });

  it('chains rows from before the migration once, in id order, as each chain\'s start', async () => {
    const owner = await insertOwner(t.db);
    const estateId = owner.estateId!;
    await t.db.insert(auditLog).values([1, 2, 3].map((n) => ({ action: 'legacy.row', estateId, details: { n } })));
    expect(await chainUnchainedAuditRows(t.db, 2)).toBe(3);
    expect(await chainUnchainedAuditRows(t.db, 2)).toBe(0);
    const rows = await chainRows(estateId);
    expect(rows.map((r) => r.prevHash)).toEqual([null, rows[0]!.hash, rows[1]!.hash]);
    await audit(ctxFor(null), { action: 'new.row', estateId });
    expect((await chainRows(estateId))[3]!.prevHash).toBe(rows[2]!.hash);
    expect((await verify()).intact).toBe(true);
  });
});

describe('account deletion and the chain', () => {
  it('erases a deleted user\'s rows in other estates\' chains in place: the chain stays intact, the personal fields are gone', async () => {
    const owner = await insertOwner(t.db);
    const estateId = owner.estateId!;
    const leaving = await insertUser(t.db, { roles: ['beneficiary'] });
    await audit(ctxFor(null), { action: 'before', estateId });
    await audit(ctxFor(null), { action: 'by.leaving', estateId, actorUserId: leaving.id, details: { note: 'theirs' } });
    await audit(ctxFor(null), { action: 'after', estateId });
    await t.db.update(users).set({ deletionDueAt: new Date(t.clock.now().getTime() - 1000), deletionRequestedAt: t.clock.now() }).where(eq(users.id, leaving.id));
    expect(await deleteAccount(ctxFor(null), leaving.id)).toBe(true);
    const rows = await chainRows(estateId);
    expect(rows.map((r) => r.action)).toEqual(['before', 'by.leaving', 'after']);
    expect(rows[1]).toMatchObject({ erased: true, actorUserId: null, ip: '', userAgent: '', details: {} });
    const result = await verify();
    expect(result.message, result.message).toMatch(/intact/);
    expect(result.erasedRows).toBeGreaterThanOrEqual(1);
  });
});

describe('Verify audit record (admin API)', () => {
  it('an admin gets intact, and the check is itself audited; anyone else gets 403', async () => {
    const admin = await sessionFor(t, await insertUser(t.db, { roles: ['admin'] }));
    const res = await injectAs(t, admin, 'POST', '/api/v1/admin/logs/verify');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ intact: true, problem: null, rowId: null });
    expect(res.json().message).toMatch(/^The audit record is intact: \d+ entries in \d+ chains checked\.$/);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'audit.verified'));
    expect(entry?.details).toMatchObject({ intact: true });
    for (const roles of [['estate-owner'], ['beneficiary'], ['estate-administrator'], ['legacy-planner']] as const) {
      const s = await sessionFor(t, await insertUser(t.db, { roles: [...roles] }));
      expect((await injectAs(t, s, 'POST', '/api/v1/admin/logs/verify')).statusCode).toBe(403);
    }
  });

  it('names the broken row to the admin after an SQL edit', async () => {
    const admin = await sessionFor(t, await insertUser(t.db, { roles: ['admin'] }));
    const owner = await insertOwner(t.db);
    await audit(ctxFor(null), { action: 'api.altered', estateId: owner.estateId! });
    const [row] = await chainRows(owner.estateId!);
    await t.db.execute(sql`update audit_log set ip = '6.6.6.6' where id = ${row!.id}`);
    const res = await injectAs(t, admin, 'POST', '/api/v1/admin/logs/verify');
    expect(res.json()).toMatchObject({ intact: false, problem: 'altered', rowId: row!.id, chain: owner.estateId });
    await t.db.execute(sql`update audit_log set ip = '127.0.0.1' where id = ${row!.id}`);
  });
});

describe('the activation snapshot', () => {
  async function activated() {
    const f = await insertEstateWithTeam(t.db);
    const estateId = f.owner.estateId!;
    const photo = await samplePhoto('garden.jpg');
    const memory = await insertMemory(t.app.deps, estateId, { title: 'The garden', shareAll: true, release: 'after_activation', photos: [photo] });
    const document = await insertDocument(t.app.deps, estateId, { title: 'The will', shareAll: true, release: 'after_activation', bytes: makePdf('will') });
    const hidden = await insertDocument(t.app.deps, estateId, { title: 'Private', shareAll: false, release: 'now' });
    const reporterS = await sessionFor(t, f.reporter);
    const adminS = await sessionFor(t, f.administrator);
    const before = await injectAs(t, reporterS, 'GET', `/api/v1/shared/estates/${estateId}/snapshot`);
    expect(before.statusCode).toBe(404);
    const { payload, headers } = multipartBody([
      { name: 'data', value: JSON.stringify({ event: 'death', relationship: 'Daughter', eventDate: '2026-11-20' }) },
      { name: 'death_certificate', filename: 'c.pdf', data: makePdf('c'), contentType: 'application/pdf' },
    ]);
    expect((await injectAs(t, reporterS, 'POST', `/api/v1/estates/${estateId}/reports`, payload, { headers })).statusCode).toBe(201);
    const [item] = (await injectAs(t, adminS, 'GET', `/api/v1/estate-admin/verifications?status=pending&estateId=${estateId}`)).json().items;
    await injectAs(t, adminS, 'POST', `/api/v1/estate-admin/verifications/${item.id}/approve`);
    expect((await injectAs(t, reporterS, 'GET', `/api/v1/shared/estates/${estateId}/snapshot`)).statusCode).toBe(404);
    await endVetoWindow(t.db, estateId, t.clock.now());
    const res = await injectAs(t, adminS, 'POST', `/api/v1/estate-admin/estates/${estateId}/transition`, { event: 'activated' });
    expect(res.statusCode, res.body).toBe(200);
    return { ...f, estateId, memory, document, hidden, photo, reporterS };
  }

  it('freezes what the beneficiary receives, with plain-content SHA-256s, and puts the manifest hash in the audit chain', async () => {
    const f = await activated();
    const res = await injectAs(t, f.reporterS, 'GET', `/api/v1/shared/estates/${f.estateId}/snapshot`);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    const items = summary.manifest.items as { kind: string; id: string; title: string; file: { sha256: string } | null }[];
    expect(items.map((i) => `${i.kind}:${i.title}`).sort()).toEqual(['document:The will', 'memory:The garden', 'memory_media:garden.jpg'].sort());
    expect(items.find((i) => i.kind === 'document')!.file!.sha256).toBe(createHash('sha256').update(makePdf('will')).digest('hex'));
    expect(items.find((i) => i.kind === 'memory_media')!.file!.sha256).toBe(createHash('sha256').update(f.photo.bytes).digest('hex'));
    expect(items.some((i) => i.id === f.hidden.id)).toBe(false);

    const file = await injectAs(t, f.reporterS, 'GET', `/api/v1/shared/estates/${f.estateId}/snapshot.json`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    const digest = createHash('sha256').update(file.rawPayload).digest('hex');
    expect(digest).toBe(summary.sha256);
    const [frozen] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'estate.snapshot_frozen')).orderBy(sql`${auditLog.id} desc`).limit(1);
    expect(frozen?.estateId).toBe(f.estateId);
    expect(JSON.stringify(frozen?.details)).toContain(digest);
    expect((await verify()).intact).toBe(true);

    // the downloaded released file matches its manifest entry
    const doc = await injectAs(t, f.reporterS, 'GET', `/api/v1/shared/files/${f.document.file.id}`);
    expect(createHash('sha256').update(doc.rawPayload).digest('hex')).toBe(items.find((i) => i.kind === 'document')!.file!.sha256);
  });

  it('is 404 for a stranger, for another estate\'s beneficiary, and for the owner; a bad id is 400', async () => {
    const f = await activated();
    const other = await insertEstateWithTeam(t.db);
    const strangers = [await insertUser(t.db, { roles: ['beneficiary'] }), other.reporter, f.owner, f.administrator];
    for (const who of strangers) {
      const s = await sessionFor(t, who);
      expect((await injectAs(t, s, 'GET', `/api/v1/shared/estates/${f.estateId}/snapshot`)).statusCode).toBeOneOf([403, 404]);
      expect((await injectAs(t, s, 'GET', `/api/v1/shared/estates/${f.estateId}/snapshot.json`)).statusCode).toBeOneOf([403, 404]);
    }
    const otherS = await sessionFor(t, other.reporter);
    expect((await injectAs(t, otherS, 'GET', `/api/v1/shared/estates/${f.estateId}/snapshot`)).statusCode).toBe(404);
    expect((await injectAs(t, f.reporterS, 'GET', '/api/v1/shared/estates/not-an-id/snapshot')).statusCode).toBe(400);
  });
});
