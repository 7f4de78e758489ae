import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { insertOwner, insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { makeSeal, type MadeSeal } from '../../../core/seal/seal-keys.ts';
import { sealKits } from '../../db/schema/estate-seal.ts';
import { estates } from '../../db/schema/estates.ts';
import { notifications } from '../../db/schema/messages.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T10:00:00Z'));
});
afterAll(async () => t.close());

/** An owner with three trustees (any two confirm) who have accounts. */
async function family(trusteeCount = 3, quorum = 2) {
  const team = await insertEstateWithTeam(t.db);
  const others = [await insertUser(t.db, { roles: ['beneficiary'] }), await insertUser(t.db, { roles: ['beneficiary'] })];
  for (const u of others) await insertBeneficiary(t.db, team.owner.estateId!, { userId: u.id, email: u.email, relationship: 'Son' });
  const trustees = [team.reporter, ...others].slice(0, trusteeCount);
  const s = await sessionFor(t, team.owner);
  if (trusteeCount) expect((await injectAs(t, s, 'PUT', '/api/v1/release-safeguards/trustees', { userIds: trustees.map((u) => u.id) })).statusCode).toBe(200);
  if (trusteeCount) expect((await injectAs(t, s, 'PATCH', '/api/v1/release-safeguards/rules', { quorumRequired: quorum })).statusCode).toBe(200);
  return { ...team, trustees, s };
}

/** What the owner's browser sends after making the seal: never a kit's words. */
const requestFor = (seal: MadeSeal, holders: string[], threshold = seal.threshold) => ({
  recipient: seal.recipient,
  sealTag: seal.sealTag,
  threshold,
  kits: seal.shares.map((share, i) => ({ shareIndex: share.index, holderUserId: holders[i]!, fingerprint: share.fingerprint, checkGroup: share.checkGroup })),
});

async function sealed() {
  const f = await family();
  const seal = await makeSeal(2, 3);
  const res = await injectAs(t, f.s, 'POST', '/api/v1/estate-seal', requestFor(seal, f.trustees.map((u) => u.id)));
  expect(res.statusCode, res.body).toBe(200);
  return { ...f, seal };
}

describe('making a seal', () => {
  it('keeps the public key and each kit’s fingerprint, shows who holds which kit, and tells each trustee', async () => {
    const f = await family();
    const before = await injectAs(t, f.s, 'GET', '/api/v1/estate-seal');
    expect(before.json()).toMatchObject({ seal: null, threshold: 2, cannotSeal: null });
    expect(before.json().trustees.map((x: { userId: string }) => x.userId)).toEqual(f.trustees.map((u) => u.id));

    const seal = await makeSeal(2, 3);
    const res = await injectAs(t, f.s, 'POST', '/api/v1/estate-seal', requestFor(seal, f.trustees.map((u) => u.id)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().seal).toMatchObject({ recipient: seal.recipient, sealTag: seal.sealTag, threshold: 2, shareCount: 3, sealedItems: 0 });
    expect(res.json().seal.kits).toEqual(f.trustees.map((u, i) => ({ shareIndex: i + 1, holderName: u.name, storedAt: null })));
    expect(res.json().cannotSeal).toMatch(/already has a seal/);
    // nothing the server keeps is a kit's words or the key
    expect(res.body).not.toContain(seal.identity);
    for (const share of seal.shares) expect(res.body).not.toContain(share.words);
    for (const trustee of f.trustees) {
      const told = await t.db.select().from(notifications).where(eq(notifications.userId, trustee.id));
      expect(told.filter((n) => /Emergency Kit/.test(n.message))).toHaveLength(1);
    }
  });

  it('refuses a seal that one person could open, or while a report is open, and says why', async () => {
    const lone = await family(1, 1);
    expect((await injectAs(t, lone.s, 'GET', '/api/v1/estate-seal')).json().cannotSeal).toMatch(/at least two trustees/);
    const single = await family(3, 1);
    expect((await injectAs(t, single.s, 'GET', '/api/v1/estate-seal')).json().cannotSeal).toMatch(/at least two of your trustees/);
    const seal = await makeSeal(2, 3);
    const res = await injectAs(t, single.s, 'POST', '/api/v1/estate-seal', requestFor(seal, single.trustees.map((u) => u.id)));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/at least two of your trustees/);
    const reported = await family();
    await t.db.update(estates).set({ status: 'pending_verification' }).where(eq(estates.id, reported.owner.estateId!));
    const open = await injectAs(t, reported.s, 'POST', '/api/v1/estate-seal', requestFor(seal, reported.trustees.map((u) => u.id)));
    expect(open.statusCode).toBe(409);
    expect(open.json().error.message).toMatch(/report about you is open/);
  });

  it('refuses kits that do not match the trustees and the number needed now, bad keys, and a second seal', async () => {
    const f = await family();
    const ids = f.trustees.map((u) => u.id);
    const seal = await makeSeal(2, 3);
    const post = (body: unknown) => injectAs(t, f.s, 'POST', '/api/v1/estate-seal', body);
    for (const body of [
      requestFor(seal, [ids[1]!, ids[0]!, ids[2]!]),
      requestFor(seal, ids, 3),
      { ...requestFor(seal, ids), kits: requestFor(seal, ids).kits.slice(0, 2) },
      { ...requestFor(seal, ids), kits: requestFor(seal, ids).kits.map((k) => ({ ...k, fingerprint: seal.shares[0]!.fingerprint })) },
    ]) {
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toMatch(/changed while these kits were being made/);
    }
    for (const body of [{ ...requestFor(seal, ids), recipient: 'age1nope' }, { ...requestFor(seal, ids), threshold: 1 }, { ...requestFor(seal, ids), identity: seal.identity }, {}]) {
      expect((await post(body)).statusCode).toBe(400);
    }
    const [a, b] = await Promise.all([post(requestFor(seal, ids)), post(requestFor(await makeSeal(2, 3), ids))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await t.db.select().from(sealKits).where(eq(sealKits.holderUserId, ids[0]!))).toHaveLength(1);
  });

  it('is the owner’s alone: a trustee, a beneficiary and another owner cannot read or make it', async () => {
    const f = await sealed();
    const stranger = await sessionFor(t, await insertOwner(t.db));
    expect((await injectAs(t, stranger, 'GET', '/api/v1/estate-seal')).json().seal).toBeNull();
    for (const user of [f.trustees[0]!, f.administrator]) {
      const s = await sessionFor(t, user);
      expect([403, 404]).toContain((await injectAs(t, s, 'GET', '/api/v1/estate-seal')).statusCode);
      expect([403, 404]).toContain((await injectAs(t, s, 'POST', '/api/v1/estate-seal', requestFor(f.seal, f.trustees.map((u) => u.id)))).statusCode);
    }
  });
});

describe('a trustee’s kit', () => {
  it('is listed to its holder only, who confirms storing it with its last four characters', async () => {
    const f = await sealed();
    const holder = await sessionFor(t, f.trustees[1]!);
    const list = await injectAs(t, holder, 'GET', '/api/v1/trustee/kits');
    expect(list.json().items).toEqual([expect.objectContaining({ ownerName: f.owner.name, shareIndex: 2, shareCount: 3, threshold: 2, storedAt: null })]);
    const kitId = list.json().items[0].kitId;
    const confirm = (s: typeof holder, checkGroup: string) => injectAs(t, s, 'POST', `/api/v1/trustee/kits/${kitId}/stored`, { checkGroup });
    const wrongGroup = f.seal.shares[0]!.checkGroup === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
    const wrong = await confirm(holder, wrongGroup);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toMatch(/do not match your kit/);
    // another trustee, the owner and a stranger cannot confirm it, even with the right characters
    for (const other of [f.trustees[0]!, f.owner, await insertUser(t.db)]) {
      expect((await confirm(await sessionFor(t, other), f.seal.shares[1]!.checkGroup)).statusCode).toBe(404);
    }
    const typed = f.seal.shares[1]!.checkGroup.toLowerCase().replace(/0/g, 'o');
    const ok = await confirm(holder, ` ${typed.slice(0, 2)} ${typed.slice(2)} `);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().storedAt).toBe(t.clock.now().toISOString());
    const owner = await injectAs(t, f.s, 'GET', '/api/v1/estate-seal');
    expect(owner.json().seal.kits.map((k: { storedAt: string | null }) => Boolean(k.storedAt))).toEqual([false, true, false]);
  });
});

describe('trustees and the number needed while sealed', () => {
  it('cannot change until the seal is removed; reordering nothing and the veto window still can', async () => {
    const f = await sealed();
    const ids = f.trustees.map((u) => u.id);
    const change = await injectAs(t, f.s, 'PUT', '/api/v1/release-safeguards/trustees', { userIds: [ids[0], ids[1]] });
    expect(change.statusCode).toBe(409);
    expect(change.json().error.message).toMatch(/first remove the seal/);
    expect((await injectAs(t, f.s, 'PUT', '/api/v1/release-safeguards/trustees', { userIds: ids })).statusCode).toBe(200);
    expect((await injectAs(t, f.s, 'PATCH', '/api/v1/release-safeguards/rules', { quorumRequired: 3 })).statusCode).toBe(409);
    expect((await injectAs(t, f.s, 'PATCH', '/api/v1/release-safeguards/rules', { vetoDays: 14 })).statusCode).toBe(200);

    const removed = await injectAs(t, f.s, 'DELETE', '/api/v1/estate-seal');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().seal).toBeNull();
    expect((await injectAs(t, await sessionFor(t, f.trustees[0]!), 'GET', '/api/v1/trustee/kits')).json().items).toEqual([]);
    expect((await injectAs(t, f.s, 'PUT', '/api/v1/release-safeguards/trustees', { userIds: [ids[0], ids[1]] })).statusCode).toBe(200);
    expect((await injectAs(t, f.s, 'DELETE', '/api/v1/estate-seal')).statusCode).toBe(404);
  });
});
