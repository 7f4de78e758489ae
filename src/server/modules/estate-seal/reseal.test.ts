import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { activateThroughApi } from '../../../../test/factories/lifecycle.ts';
import { multipartBody, type FormPart } from '../../../../test/factories/files.ts';
import { resealBody, sealedFamily, uploadSealedDocument } from '../../../../test/factories/seal.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import type { TResealRequest, TSealedItemParts } from '../../../core/estate-seal.schemas.ts';
import type { CapsuleManifest } from '../../../core/seal/capsule-format.ts';
import { decodeKit } from '../../../core/seal/kit-codec.ts';
import { makeSeal, openSeal, type MadeSeal } from '../../../core/seal/seal-keys.ts';
import { openBytes, openText, sealBytes, sealText } from '../../../core/seal/sealed-content.ts';
import { readStoredZip } from '../../../capsule/stored-zip.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T10:00:00Z'));
});
afterAll(async () => t.close());

/** What the owner's browser does: opens every sealed part with the Owner Kit and seals it again to a new seal. */
async function resealRequest(f: Awaited<ReturnType<typeof sealedFamily>>, holders: string[], threshold: number) {
  const list = (await injectAs(t, f.s, 'GET', '/api/v1/estate-seal/items')).json() as TSealedItemParts;
  const owner = await openSeal([decodeKit(f.seal.ownerKit)], f.seal);
  const next = await makeSeal(threshold, holders.length);
  const parts = await Promise.all(
    list.items.map(async (p) => ({
      ...p,
      sealed: p.armored !== null ? await sealText(next.recipient, await openText(owner, p.armored)) : await sealBytes(next.recipient, await openBytes(owner, (await injectAs(t, f.s, 'GET', `/api/v1/files/${p.fileId}`)).rawPayload)),
    })),
  );
  const body = {
    previousSealTag: f.seal.sealTag,
    trusteeUserIds: holders,
    threshold,
    recipient: next.recipient,
    sealTag: next.sealTag,
    kits: next.shares.map((s, i) => ({ shareIndex: s.index, holderUserId: holders[i]!, fingerprint: s.fingerprint, checkGroup: s.checkGroup })),
  };
  return { body, parts, next };
}

/** A memory's multipart body: its details, then `parts`; spread into injectAs. */
function memoryBody(parts: FormPart[]): [Buffer, { headers: Record<string, string> }] {
  const { payload, headers } = multipartBody([{ name: 'data', value: JSON.stringify({ title: 'The lake', date: '1998-06-14', description: '' }) }, ...parts]);
  return [payload, { headers }];
}

const postReseal = (f: { s: TestSession }, body: TResealRequest, parts: Parameters<typeof resealBody>[1], s = f.s) => {
  const { payload, headers } = resealBody(body, parts);
  return injectAs(t, s, 'POST', '/api/v1/estate-seal/reseal', payload, { headers });
};

describe('re-sealing with the Owner Kit', () => {
  it('replaces a trustee: the old kits open nothing the server or a new capsule holds; the new kits do', async () => {
    const f = await sealedFamily(t);
    const replaced = f.trustees[2]!;
    const newcomer = await insertUser(t.db, { roles: ['beneficiary'] });
    await insertBeneficiary(t.db, f.owner.estateId!, { userId: newcomer.id, email: newcomer.email, relationship: 'Niece' });
    const original = Buffer.from(`%PDF-1.4 the deeds — ${f.marker}`);
    const uploaded = await uploadSealedDocument(t, f.s, f.seal, original, 'Deeds.pdf', 'Deeds');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const oldFileId = uploaded.json().file.id as string;
    const story = { title: 'The boat', content: await sealText(f.seal.recipient, `The boat — ${f.marker}`), sealTag: f.seal.sealTag };
    const photo = Buffer.from(`a photo of the lake — ${f.marker}`);
    const memory = await injectAs(
      t,
      f.s,
      'POST',
      '/api/v1/memories',
      ...memoryBody([
        { name: 'story', value: JSON.stringify(story) },
        { name: 'sealTag', value: f.seal.sealTag },
        { name: 'sealed-photo', filename: 'Lake.jpg.age', data: Buffer.from(await sealBytes(f.seal.recipient, photo)) },
      ]),
    );
    expect(memory.statusCode, memory.body).toBe(201);
    const storyUrl = `/api/v1/memories/${memory.json().id}/media/${memory.json().media[0].id}/sealed`;
    const oldPhotoId = memory.json().media[1].file.id as string;
    // capsules downloaded before re-keying, by the owner and by the trustee who is replaced
    const oldCapsule = readStoredZip(new Uint8Array((await injectAs(t, await sessionFor(t, replaced), 'GET', `/api/v1/capsules/${f.owner.estateId}`)).rawPayload));
    t.clock.set(new Date('2026-11-20T10:05:00Z'));
    expect((await injectAs(t, f.s, 'GET', `/api/v1/capsules/${f.owner.estateId}`)).statusCode).toBe(200);
    expect((await injectAs(t, f.s, 'GET', '/api/v1/estate-seal')).json().seal.olderCapsules).toEqual([]);
    const holders = [f.trustees[0]!.id, f.trustees[1]!.id, newcomer.id];
    const { body, parts, next } = await resealRequest(f, holders, 2);
    const res = await postReseal(f, body, parts);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().seal).toMatchObject({ sealTag: next.sealTag, recipient: next.recipient, shareCount: 3, sealedItems: 4 });
    // the owner is shown who holds a capsule the old kits still open (ADR 0112): it does open with them
    const olderCapsules = [
      { name: f.owner.name, madeAt: '2026-11-20T10:05:00.000Z', you: true },
      { name: replaced.name, madeAt: '2026-11-20T10:00:00.000Z', you: false },
    ];
    expect(res.json().seal.olderCapsules).toEqual(olderCapsules);
    expect(res.json().seal.capsuleMadeAt).toBeNull(); // the owner's capsule was of the old seal
    const oldManifest = JSON.parse(Buffer.from(oldCapsule.get('manifest.json')!).toString()) as CapsuleManifest;
    const oldPair = await openSeal([decodeKit(f.seal.shares[2]!.words), decodeKit(f.seal.shares[1]!.words)], f.seal);
    expect(Buffer.from(await openBytes(oldPair, oldCapsule.get(oldManifest.items[0]!.path)!)).toString()).toBe(`Dear one — ${f.marker}`);
    // the document's old age file is gone; its new one keeps the name it was uploaded under
    expect((await injectAs(t, f.s, 'GET', `/api/v1/files/${oldFileId}`)).statusCode).toBe(404);
    const doc = (await injectAs(t, f.s, 'GET', `/api/v1/documents/${uploaded.json().id}`)).json();
    expect(doc).toMatchObject({ sealed: true, file: { name: 'Deeds.pdf.age' } });
    const heldFile = (await injectAs(t, f.s, 'GET', `/api/v1/files/${doc.file.id}`)).rawPayload;
    expect(res.json().seal.kits.map((k: { holderName: string }) => k.holderName)).toEqual([f.trustees[0]!.name, f.trustees[1]!.name, newcomer.name]);
    expect((await injectAs(t, await sessionFor(t, replaced), 'GET', '/api/v1/trustee/kits')).json().items).toEqual([]);
    expect((await injectAs(t, await sessionFor(t, newcomer), 'GET', '/api/v1/trustee/kits')).json().items).toHaveLength(1);

    // every combination of old kits rebuilds only the old key, which opens nothing held now
    const oldKeys = new Set<string>();
    for (const pair of [[0, 1], [0, 2], [1, 2]] as const) oldKeys.add(await openSeal(pair.map((i) => decodeKit(f.seal.shares[i]!.words)), f.seal));
    oldKeys.add(f.seal.identity);
    const held = (await injectAs(t, f.s, 'GET', `/api/v1/future-messages/${f.letterId}/sealed`)).json().armored as string;
    const capsule = await injectAs(t, await sessionFor(t, newcomer), 'GET', `/api/v1/capsules/${f.owner.estateId}`);
    const zip = readStoredZip(new Uint8Array(capsule.rawPayload));
    const manifest = JSON.parse(Buffer.from(zip.get('manifest.json')!).toString()) as CapsuleManifest;
    expect(manifest.seal.sealTag).toBe(next.sealTag);
    // a capsule of the current seal is not one of them
    expect((await injectAs(t, f.s, 'GET', '/api/v1/estate-seal')).json().seal.olderCapsules).toEqual(olderCapsules);
    expect(manifest.items.map((i) => i.kind)).toEqual(['letter', 'document', 'memory', 'memory']);
    const inCapsule = zip.get(manifest.items[0]!.path)!;
    const documentInCapsule = zip.get(manifest.items[1]!.path)!;
    for (const key of oldKeys) {
      await expect(openText(key, held)).rejects.toThrow();
      await expect(openBytes(key, inCapsule)).rejects.toThrow();
      await expect(openBytes(key, heldFile)).rejects.toThrow();
      await expect(openBytes(key, documentInCapsule)).rejects.toThrow();
    }
    const newKey = await openSeal([decodeKit(next.shares[2]!.words), decodeKit(next.shares[0]!.words)], next);
    expect(await openText(newKey, held)).toBe(`Dear one — ${f.marker}`);
    expect(Buffer.from(await openBytes(newKey, inCapsule)).toString()).toBe(`Dear one — ${f.marker}`);
    expect(Buffer.from(await openBytes(newKey, documentInCapsule)).equals(original)).toBe(true);
    expect(Buffer.from(await openBytes(newKey, heldFile)).equals(original)).toBe(true);
    const heldStory = (await injectAs(t, f.s, 'GET', storyUrl)).json().armored as string;
    expect(await openText(newKey, heldStory)).toBe(`The boat — ${f.marker}`);
    for (const key of oldKeys) await expect(openText(key, heldStory)).rejects.toThrow();
    // the photo's old age file is gone; its new one opens with the new key only
    expect((await injectAs(t, f.s, 'GET', `/api/v1/files/${oldPhotoId}`)).statusCode).toBe(404);
    const photoNow = (await injectAs(t, f.s, 'GET', `/api/v1/memories/${memory.json().id}`)).json().media[1];
    expect(photoNow.file.name).toBe('Lake.jpg.age');
    const heldPhoto = (await injectAs(t, f.s, 'GET', `/api/v1/files/${photoNow.file.id}`)).rawPayload;
    expect(Buffer.from(await openBytes(newKey, heldPhoto)).equals(photo)).toBe(true);
    for (const key of oldKeys) await expect(openBytes(key, heldPhoto)).rejects.toThrow();

    // after activation an old kit is refused as old; the new ones open the letter
    await activateThroughApi(t, f, [f.trustees[1]!, newcomer]);
    const daughter = await sessionFor(t, f.trustees[0]!);
    const kitId = (await injectAs(t, daughter, 'GET', '/api/v1/trustee/kits')).json().items[0].kitId;
    const old = await injectAs(t, daughter, 'POST', `/api/v1/trustee/kits/${kitId}/give`, { kit: f.seal.shares[0]!.words });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.message).toMatch(/older seal/);
    expect((await injectAs(t, daughter, 'POST', `/api/v1/trustee/kits/${kitId}/give`, { kit: next.shares[0]!.words })).statusCode).toBe(200);
  });

  it('after it, a page still open from before is refused for every kind of item: the old seal’s tag keeps nothing', async () => {
    const f = await sealedFamily(t);
    const { body, parts } = await resealRequest(f, f.trustees.map((u) => u.id), 2);
    expect((await postReseal(f, body, parts)).statusCode).toBe(200);
    const before = { sealTag: f.seal.sealTag };
    const counts = async () => ({
      sealed: (await injectAs(t, f.s, 'GET', '/api/v1/estate-seal')).json().seal.sealedItems as number,
      letters: (await injectAs(t, f.s, 'GET', '/api/v1/future-messages')).json().items.length as number,
      documents: (await injectAs(t, f.s, 'GET', '/api/v1/documents')).json().items.length as number,
      memories: (await injectAs(t, f.s, 'GET', '/api/v1/memories')).json().items.length as number,
      assets: (await injectAs(t, f.s, 'GET', '/api/v1/digital-assets')).json().items.length as number,
    });
    const was = await counts();
    const armored = await sealText(f.seal.recipient, `stale — ${f.marker}`);
    const refusals = [
      await injectAs(t, f.s, 'POST', '/api/v1/future-messages', { ...f.letter, body: armored, ...before }),
      await injectAs(t, f.s, 'PUT', `/api/v1/future-messages/${f.letterId}`, { ...f.letter, body: armored, ...before }),
      await injectAs(t, f.s, 'POST', '/api/v1/digital-assets', { name: 'Bank', sealedSecrets: armored, ...before }),
      await uploadSealedDocument(t, f.s, f.seal, Buffer.from('%PDF-1.4 stale')),
      await injectAs(t, f.s, 'POST', '/api/v1/memories', ...memoryBody([{ name: 'story', value: JSON.stringify({ title: 'Stale', content: armored, ...before }) }])),
      await injectAs(t, f.s, 'POST', '/api/v1/memories', ...memoryBody([{ name: 'sealTag', value: f.seal.sealTag }, { name: 'sealed-photo', filename: 'Lake.jpg.age', data: Buffer.from(await sealBytes(f.seal.recipient, Buffer.from('photo'))) }])),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toMatch(/seal was changed since this page was opened/);
    }
    expect(await counts()).toEqual(was);
    // the letter kept its words, sealed to the new seal
    const held = (await injectAs(t, f.s, 'GET', `/api/v1/future-messages/${f.letterId}/sealed`)).json();
    expect(held.sealTag).toBe(body.sealTag);
  });

  it('is refused whole when the seal or the sealed items changed, and for anyone but the owner', async () => {
    const f = await sealedFamily(t);
    const holders = f.trustees.map((u) => u.id);
    const { body, parts } = await resealRequest(f, holders, 2);
    const post = (b: TResealRequest, p = parts, s = f.s) => postReseal(f, b, p, s);
    const stale = await post({ ...body, previousSealTag: '00000000' });
    expect(stale.statusCode).toBe(409);
    expect((await post(body, [])).json().error.message).toMatch(/sealed items changed/);
    expect((await post(body, [{ ...parts[0]!, itemId: crypto.randomUUID() }])).statusCode).toBe(409);
    expect((await post(body, [...parts, parts[0]!])).statusCode).toBe(400);
    expect((await post(body, [{ ...parts[0]!, sealed: 'the letter, not sealed' }])).statusCode).toBe(400);
    expect((await post(body, [{ ...parts[0]!, itemType: 'document' }])).statusCode).toBe(400);
    expect((await post({ ...body, threshold: 4 })).statusCode).toBe(400);
    // a new seal that reuses the present seal's reference is refused, not a server error
    const reused = await post({ ...body, sealTag: f.seal.sealTag });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.message).toMatch(/reference of an earlier seal/);
    const stranger = await insertUser(t.db);
    expect((await post({ ...body, trusteeUserIds: [holders[0]!, holders[1]!, stranger.id] })).statusCode).toBe(400);
    for (const other of [f.trustees[0]!, f.administrator]) expect([403, 404]).toContain((await post(body, parts, await sessionFor(t, other))).statusCode);
    // nothing changed: the first seal still holds
    const now = (await injectAs(t, f.s, 'GET', '/api/v1/estate-seal')).json();
    expect(now.seal.sealTag).toBe(f.seal.sealTag);
    expect(await openText(f.seal.identity, (await injectAs(t, f.s, 'GET', `/api/v1/future-messages/${f.letterId}/sealed`)).json().armored)).toContain(f.marker);
    // two at once: one is kept
    const second: { body: typeof body; parts: typeof parts; next: MadeSeal } = await resealRequest(f, holders, 3);
    const [a, b] = await Promise.all([post(body), post(second.body, second.parts)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });
});
