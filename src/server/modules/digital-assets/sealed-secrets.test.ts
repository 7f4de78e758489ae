import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { sealedFamily } from '../../../../test/factories/seal.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import type { CapsuleManifest } from '../../../core/seal/capsule-format.ts';
import { openBytes, openText, sealText } from '../../../core/seal/sealed-content.ts';
import { readStoredZip } from '../../../capsule/stored-zip.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T10:00:00Z'));
});
afterAll(async () => t.close());

const sealedItems = async (s: Parameters<typeof injectAs>[1]) => (await injectAs(t, s, 'GET', '/api/v1/estate-seal')).json().seal.sealedItems as number;

describe('sealed digital-asset secrets', () => {
  it('are kept as the browser sealed them: no reveal, the Owner Kit opens them, the capsule carries them', async () => {
    const f = await sealedFamily(t);
    const secrets = { password: `pw-${f.marker}`, recoveryCodes: 'AAAA-BBBB', accessInstructions: 'The phone is in the desk' };
    const created = await injectAs(t, f.s, 'POST', '/api/v1/digital-assets', { name: 'Bank', sealedSecrets: await sealText(f.seal.recipient, JSON.stringify(secrets)), sealTag: f.seal.sealTag });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Bank', hasSecrets: true, sealed: true });
    const [row] = await t.db.select().from(digitalAssets).where(eq(digitalAssets.id, created.json().id));
    expect(row!.secretsEnc).toBeNull();
    const id = created.json().id as string;
    const reveal = await injectAs(t, f.s, 'POST', `/api/v1/digital-assets/${id}/reveal`);
    expect(reveal.statusCode).toBe(409);
    expect(reveal.json().error.message).toMatch(/open them with your Owner Kit/);
    const part = await injectAs(t, f.s, 'GET', `/api/v1/digital-assets/${id}/sealed`);
    expect(JSON.parse(await openText(f.seal.identity, part.json().armored))).toEqual(secrets);
    expect((await injectAs(t, f.s, 'GET', '/api/v1/digital-assets')).body).not.toContain(f.marker);
    expect(await sealedItems(f.s)).toBe(2);

    const capsule = readStoredZip(new Uint8Array((await injectAs(t, f.s, 'GET', `/api/v1/capsules/${f.owner.estateId}`)).rawPayload));
    const manifest = JSON.parse(Buffer.from(capsule.get('manifest.json')!).toString()) as CapsuleManifest;
    const item = manifest.items.find((i) => i.kind === 'digital-asset')!;
    expect(item).toMatchObject({ title: 'Bank', fileName: 'Bank — passwords and codes.json' });
    expect(JSON.parse(Buffer.from(await openBytes(f.seal.identity, capsule.get(item.path)!)).toString())).toEqual(secrets);

    // another owner gets nothing, and a trustee (no owner) is refused
    const stranger = await sessionFor(t, (await insertEstateWithTeam(t.db)).owner);
    expect((await injectAs(t, stranger, 'GET', `/api/v1/digital-assets/${id}/sealed`)).statusCode).toBe(404);
    expect((await injectAs(t, await sessionFor(t, f.trustees[1]!), 'GET', `/api/v1/digital-assets/${id}/sealed`)).statusCode).toBe(403);

    // what the browser opened and sends plainly replaces them, unsealed; sealing again replaces them sealed
    const plain = await injectAs(t, f.s, 'PATCH', `/api/v1/digital-assets/${id}`, { secrets: { password: 'new one' } });
    expect(plain.json()).toMatchObject({ sealed: false, hasSecrets: true });
    expect((await injectAs(t, f.s, 'GET', `/api/v1/digital-assets/${id}/sealed`)).statusCode).toBe(404);
    expect(await sealedItems(f.s)).toBe(1);
    const resealed = await injectAs(t, f.s, 'PATCH', `/api/v1/digital-assets/${id}`, { sealedSecrets: await sealText(f.seal.recipient, JSON.stringify(secrets)), sealTag: f.seal.sealTag });
    expect(resealed.json()).toMatchObject({ sealed: true });
    const [again] = await t.db.select().from(digitalAssets).where(eq(digitalAssets.id, id));
    expect(again!.secretsEnc).toBeNull();
    expect((await injectAs(t, f.s, 'DELETE', `/api/v1/digital-assets/${id}`)).statusCode).toBe(204);
    expect(await sealedItems(f.s)).toBe(1);
  });

  it('refuses what is not sealed, both at once, and sealing without a seal, keeping nothing', async () => {
    const f = await sealedFamily(t);
    const armored = await sealText(f.seal.recipient, '{}');
    expect((await injectAs(t, f.s, 'POST', '/api/v1/digital-assets', { name: 'X', sealedSecrets: 'password: hunter2', sealTag: f.seal.sealTag })).statusCode).toBe(400);
    expect((await injectAs(t, f.s, 'POST', '/api/v1/digital-assets', { name: 'X', sealedSecrets: armored, sealTag: f.seal.sealTag, secrets: { password: 'p' } })).statusCode).toBe(400);
    // sealed secrets come with the seal they were sealed to, and a seal's tag only with them
    const untagged = await injectAs(t, f.s, 'POST', '/api/v1/digital-assets', { name: 'X', sealedSecrets: armored });
    expect(untagged.statusCode).toBe(400);
    expect(untagged.json().error.fields).toHaveProperty('sealTag');
    expect((await injectAs(t, f.s, 'POST', '/api/v1/digital-assets', { name: 'X', sealTag: f.seal.sealTag })).statusCode).toBe(400);
    const noSeal = await insertEstateWithTeam(t.db);
    const s = await sessionFor(t, noSeal.owner);
    const refused = await injectAs(t, s, 'POST', '/api/v1/digital-assets', { name: 'Unsealed bank', sealedSecrets: armored, sealTag: f.seal.sealTag });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/Make your seal first/);
    expect((await injectAs(t, s, 'GET', '/api/v1/digital-assets')).json().items).toEqual([]);
    expect((await injectAs(t, f.s, 'GET', '/api/v1/digital-assets')).json().items).toEqual([]);
  });
});
