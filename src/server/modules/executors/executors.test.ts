import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiaries, estates } from '../../db/schema/estates.ts';
import { insertDigitalAsset } from '../../../../test/factories/digital-assets.ts';
import { insertBeneficiary, insertSupportMember } from '../../../../test/factories/estates.ts';
import { insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, emailsTo, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** An estate with a daughter (digital-legacy access), a son, an administrator, a planner and one account on the playbook. */
async function family() {
  const f = await insertEstateWithTeam(t.db, { name: 'Margaret Ellis' });
  await t.db.update(beneficiaries).set({ accessDigitalLegacy: true }).where(eq(beneficiaries.id, f.beneficiary.id));
  const son = await insertUser(t.db, { roles: ['beneficiary'], name: 'Tom Ellis' });
  const sonLink = await insertBeneficiary(t.db, f.owner.estateId!, { userId: son.id, email: son.email, relationship: 'Son', accessDigitalLegacy: true });
  const planner = await insertUser(t.db, { roles: ['legacy-planner'] });
  await insertSupportMember(t.db, f.owner.estateId!, { role: 'legacy-planner', userId: planner.id, name: planner.name, email: planner.email, acceptedAt: new Date() });
  const asset = await insertDigitalAsset(t.app.deps, f.owner.estateId!, { name: 'Gmail', afterDeathAction: 'memorialise' });
  const ownerS = await sessionFor(t, f.owner);
  return { ...f, son, sonLink, planner, asset, ownerS };
}
const activate = (estateId: string) => t.db.update(estates).set({ status: 'active', activatedAt: t.clock.now() }).where(eq(estates.id, estateId));

describe('naming the executor', () => {
  it('offers the beneficiaries with an account and the estate administrator; names an executor and a deputy; the release plan says who', async () => {
    const f = await family();
    const got = await injectAs(t, f.ownerS, 'GET', '/api/v1/executors');
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ executor: null, deputy: null, canChange: true });
    const ids = got.json().candidates.map((c: { userId: string }) => c.userId);
    expect(ids).toEqual(expect.arrayContaining([f.reporter.id, f.son.id, f.administrator.id]));
    expect(ids).not.toContain(f.planner.id);

    const named = await injectAs(t, f.ownerS, 'PUT', '/api/v1/executors', { executorUserId: f.son.id, deputyUserId: f.administrator.id });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({ executor: { userId: f.son.id, name: 'Tom Ellis', linkedAs: 'Son' }, deputy: { userId: f.administrator.id, linkedAs: 'Estate Administrator' } });
    const plan = (await injectAs(t, f.ownerS, 'GET', '/api/v1/release-plan')).json();
    expect(plan.executor).toEqual({ name: 'Tom Ellis', linkedAs: 'Son' });
    expect(plan.deputyExecutor).toMatchObject({ name: f.administrator.name });

    // each is told once, by email and in-app; saving the same choice again tells nobody again
    const told = async (email: string, words: RegExp) => (await emailsTo(t, email)).filter((m) => words.test(m.subject)).length;
    expect(await told(f.son.email, /Margaret Ellis named you their executor/)).toBe(1);
    expect(await told(f.administrator.email, /named you their deputy executor/)).toBe(1);
    expect((await injectAs(t, await sessionFor(t, f.son), 'GET', '/api/v1/notifications')).body).toContain('named you their executor');
    expect((await injectAs(t, f.ownerS, 'PUT', '/api/v1/executors', { executorUserId: f.son.id, deputyUserId: f.administrator.id })).statusCode).toBe(200);
    expect(await told(f.son.email, /named you their executor/)).toBe(1);
    expect(await told(f.reporter.email, /named you/)).toBe(0);

    // naming nobody clears both
    expect((await injectAs(t, f.ownerS, 'PUT', '/api/v1/executors', { executorUserId: null, deputyUserId: null })).json()).toMatchObject({ executor: null, deputy: null });
  });

  it('refuses, changing nothing: a planner, a stranger, another estate’s beneficiary, the same person twice, a deputy alone, anyone but the owner, and after activation', async () => {
    const f = await family();
    const other = await insertEstateWithTeam(t.db);
    expect((await injectAs(t, f.ownerS, 'PUT', '/api/v1/executors', { executorUserId: f.son.id, deputyUserId: null })).statusCode).toBe(200);
    const refusals = [
      { executorUserId: f.planner.id, deputyUserId: null },
      { executorUserId: crypto.randomUUID(), deputyUserId: null },
      { executorUserId: other.reporter.id, deputyUserId: null },
      { executorUserId: f.reporter.id, deputyUserId: f.reporter.id },
      { executorUserId: null, deputyUserId: f.reporter.id },
      { executorUserId: f.owner.id, deputyUserId: null },
      { executorUserId: 'not-an-id', deputyUserId: null },
    ];
    for (const body of refusals) {
      const res = await injectAs(t, f.ownerS, 'PUT', '/api/v1/executors', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}).length, res.body).toBeGreaterThan(0);
    }
    expect((await injectAs(t, f.ownerS, 'GET', '/api/v1/executors')).json()).toMatchObject({ executor: { userId: f.son.id }, deputy: null });
    expect((await injectAs(t, await sessionFor(t, f.reporter), 'PUT', '/api/v1/executors', { executorUserId: f.reporter.id, deputyUserId: null })).statusCode).toBe(403);
    expect((await injectAs(t, await sessionFor(t, f.administrator), 'GET', '/api/v1/executors')).statusCode).toBe(403);
    // another owner sees only their own estate's
    expect((await injectAs(t, await sessionFor(t, other.owner), 'GET', '/api/v1/executors')).json().executor).toBeNull();

    await activate(f.owner.estateId!);
    const frozen = await injectAs(t, f.ownerS, 'PUT', '/api/v1/executors', { executorUserId: f.reporter.id, deputyUserId: null });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().error.message).toMatch(/activated/);
    expect((await injectAs(t, f.ownerS, 'GET', '/api/v1/executors')).json()).toMatchObject({ executor: { userId: f.son.id }, canChange: false });
  });

  it('two owners’ tabs naming at once: both answer, and the estate has exactly one of the two choices', async () => {
    const f = await family();
    const [a, b] = await Promise.all([
      injectAs(t, f.ownerS, 'PUT', '/api/v1/executors', { executorUserId: f.son.id, deputyUserId: f.reporter.id }),
      injectAs(t, f.ownerS, 'PUT', '/api/v1/executors', { executorUserId: f.reporter.id, deputyUserId: f.son.id }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const now = (await injectAs(t, f.ownerS, 'GET', '/api/v1/executors')).json();
    expect([`${f.son.id}/${f.reporter.id}`, `${f.reporter.id}/${f.son.id}`]).toContain(`${now.executor.userId}/${now.deputy.userId}`);
  });
});

describe('after activation, the executor settles the estate', () => {
  it('the executor and deputy tick the playbook; a digital-legacy beneficiary follows it read-only; someone no longer linked loses it', async () => {
    const f = await family();
    expect((await injectAs(t, f.ownerS, 'PUT', '/api/v1/executors', { executorUserId: f.son.id, deputyUserId: f.administrator.id })).statusCode).toBe(200);
    const url = `/api/v1/estates/${f.owner.estateId}/playbook`;
    const tick = `${url}/${f.asset.id}/tick`;
    const sonS = await sessionFor(t, f.son);
    const daughterS = await sessionFor(t, f.reporter);
    expect((await injectAs(t, sonS, 'GET', url)).statusCode).toBe(404);
    await activate(f.owner.estateId!);

    expect((await injectAs(t, sonS, 'GET', url)).json()).toMatchObject({ canTick: true, total: 1 });
    const following = await injectAs(t, daughterS, 'GET', url);
    expect(following.json()).toMatchObject({ canTick: false, total: 1 });
    const refused = await injectAs(t, daughterS, 'PUT', tick);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/executor/);
    expect((await injectAs(t, sonS, 'PUT', tick)).json()).toMatchObject({ tick: { byName: 'Tom Ellis' } });
    expect((await injectAs(t, daughterS, 'GET', url)).json()).toMatchObject({ done: 1 });
    expect((await injectAs(t, await sessionFor(t, f.administrator), 'DELETE', tick)).statusCode).toBe(200);

    // the son removed as a beneficiary is no longer the executor; the deputy still is
    await t.db.delete(beneficiaries).where(eq(beneficiaries.id, f.sonLink.id));
    expect((await injectAs(t, sonS, 'GET', url)).statusCode).toBe(404);
    expect((await injectAs(t, f.ownerS, 'GET', '/api/v1/executors')).json()).toMatchObject({ executor: null, deputy: { userId: f.administrator.id } });
    expect((await injectAs(t, daughterS, 'GET', url)).json()).toMatchObject({ canTick: false });
  });
});
