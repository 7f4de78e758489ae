import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { activateThroughApi, insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { sealedFamily } from '../../../../test/factories/seal.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import type { CapsuleManifest } from '../../../core/seal/capsule-format.ts';
import { decodeKit } from '../../../core/seal/kit-codec.ts';
import { openSeal } from '../../../core/seal/seal-keys.ts';
import { openBytes } from '../../../core/seal/sealed-content.ts';
import { readStoredZip } from '../../../capsule/stored-zip.ts';
import { auditLog } from '../../db/schema/system.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T10:00:00Z'));
});
afterAll(async () => t.close());

const download = async (user: { id: string }, estateId: string) => injectAs(t, await sessionFor(t, user), 'GET', `/api/v1/capsules/${estateId}`);

describe('the Legacy Capsule', () => {
  it('holds every sealed item as an age file, its manifest, open.html and a README; two kits open it', async () => {
    const f = await sealedFamily(t);
    const res = await download(f.owner, f.owner.estateId!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/Legacy Capsule/);
    const zip = readStoredZip(new Uint8Array(res.rawPayload));
    expect([...zip.keys()].slice(0, 3)).toEqual(['open.html', 'README.txt', 'manifest.json']);
    const manifest = JSON.parse(Buffer.from(zip.get('manifest.json')!).toString()) as CapsuleManifest;
    expect(manifest).toMatchObject({ format: 'heirloom-capsule/1', ownerName: f.owner.name, seal: { recipient: f.seal.recipient, sealTag: f.seal.sealTag, threshold: 2, shareCount: 3 } });
    expect(manifest.items).toEqual([expect.objectContaining({ kind: 'letter', title: 'For my daughter', fileName: 'For my daughter.txt', path: 'items/01 For my daughter.txt.age' })]);
    const item = zip.get(manifest.items[0]!.path)!;
    expect(createHash('sha256').update(item).digest('hex')).toBe(manifest.items[0]!.sha256);
    const identity = await openSeal([decodeKit(f.seal.shares[0]!.words), decodeKit(f.seal.shares[2]!.words)], manifest.seal);
    expect(Buffer.from(await openBytes(identity, item)).toString()).toBe(`Dear one — ${f.marker}`);
    expect(Buffer.from(zip.get('open.html')!).toString()).toMatch(/<script>.+<\/script>/s);
    expect(Buffer.from(zip.get('README.txt')!).toString()).toMatch(/Any 2 of the 3 Emergency Kits/);
    expect(res.rawPayload.includes(Buffer.from(f.marker))).toBe(false);
    // the manifest's digest is in the tamper-evident record
    const [made] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'estate_seal.capsule_made'), eq(auditLog.estateId, f.owner.estateId!)));
    expect(made?.details).toMatchObject({ items: 1, manifestSha256: createHash('sha256').update(zip.get('manifest.json')!).digest('hex') });
  });

  it('is for the owner and the kit holders; for the beneficiaries only after activation; for no one else', async () => {
    const f = await sealedFamily(t);
    const estateId = f.owner.estateId!;
    for (const trustee of f.trustees) expect((await download(trustee, estateId)).statusCode).toBe(200);
    const { owner: otherOwner } = await insertEstateWithTeam(t.db);
    for (const stranger of [f.administrator, otherOwner, await insertUser(t.db)]) expect((await download(stranger, estateId)).statusCode).toBe(404);
    expect((await download(f.owner, otherOwner.estateId!)).statusCode).toBe(404);
    expect((await download(otherOwner, otherOwner.estateId!)).statusCode).toBe(404); // no seal
    expect((await injectAs(t, null, 'GET', `/api/v1/capsules/${estateId}`)).statusCode).toBe(401);
    // a beneficiary who holds no kit: only after activation
    const son = await insertUser(t.db, { roles: ['beneficiary'] });
    await insertBeneficiary(t.db, estateId, { userId: son.id, email: son.email, relationship: 'Son' });
    expect((await download(son, estateId)).statusCode).toBe(404);
    await activateThroughApi(t, f, [f.trustees[1]!, f.trustees[2]!]);
    expect((await download(son, estateId)).statusCode).toBe(200);
  });
});
