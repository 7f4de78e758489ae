import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeneficiary, insertSupportMember } from '../../../../test/factories/estates.ts';
import { insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { insertOwner, insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, emailsTo, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { estates } from '../../db/schema/estates.ts';
import { notifications } from '../../db/schema/messages.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T10:00:00Z'));
});
afterAll(async () => t.close());

/** An owner with three beneficiaries with accounts, one without, and a planner on the support team. */
async function family() {
  const team = await insertEstateWithTeam(t.db);
  const more = [await insertUser(t.db, { roles: ['beneficiary'] }), await insertUser(t.db, { roles: ['beneficiary'] })];
  for (const u of more) await insertBeneficiary(t.db, team.owner.estateId!, { userId: u.id, email: u.email, relationship: 'Son' });
  await insertBeneficiary(t.db, team.owner.estateId!, { userId: null, email: 'not-yet@example.com' });
  const planner = await insertUser(t.db, { roles: ['legacy-planner'] });
  await insertSupportMember(t.db, team.owner.estateId!, { role: 'legacy-planner', userId: planner.id, name: planner.name, email: planner.email });
  return { ...team, b2: more[0]!, b3: more[1]!, planner, s: await sessionFor(t, team.owner) };
}

describe('trustees API', () => {
  it('lists candidates with accounts, names trustees in order, tells each newly named one once', async () => {
    const f = await family();
    const got = await injectAs(t, f.s, 'GET', '/api/v1/release-safeguards');
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().rules).toEqual({ vetoDays: 7, quorumRequired: 1, trusteeResponseHours: 72 });
    expect(got.json().trustees).toEqual([]);
    const ids = got.json().candidates.map((c: { userId: string }) => c.userId);
    // their only estate administrator checks what a trustee confirms, so is not offered (ADR 0111)
    expect(ids.sort()).toEqual([f.reporter.id, f.b2.id, f.b3.id, f.planner.id].sort());

    const put = await injectAs(t, f.s, 'PUT', '/api/v1/release-safeguards/trustees', { userIds: [f.b3.id, f.reporter.id, f.planner.id] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().trustees.map((x: { userId: string; position: number }) => [x.userId, x.position])).toEqual([
      [f.b3.id, 1],
      [f.reporter.id, 2],
      [f.planner.id, 3],
    ]);
    expect((await emailsTo(t, f.b3.email)).filter((m) => /named you a trustee/.test(m.subject))).toHaveLength(1);
    // reordering does not tell them again; a newcomer is told
    await injectAs(t, f.s, 'PUT', '/api/v1/release-safeguards/trustees', { userIds: [f.reporter.id, f.b3.id, f.b2.id] });
    expect((await emailsTo(t, f.b3.email)).filter((m) => /named you a trustee/.test(m.subject))).toHaveLength(1);
    expect((await emailsTo(t, f.b2.email)).filter((m) => /named you a trustee/.test(m.subject))).toHaveLength(1);
    const inApp = await t.db.select().from(notifications).where(eq(notifications.userId, f.b2.id));
    expect(inApp.map((n) => n.link)).toContain('/trustee');

    const rules = await injectAs(t, f.s, 'PATCH', '/api/v1/release-safeguards/rules', { quorumRequired: 2, vetoDays: 14, trusteeResponseHours: 48 });
    expect(rules.statusCode, rules.body).toBe(200);
    expect(rules.json().rules).toEqual({ vetoDays: 14, quorumRequired: 2, trusteeResponseHours: 48 });
    // fewer trustees than the quorum: the quorum follows
    const fewer = await injectAs(t, f.s, 'PUT', '/api/v1/release-safeguards/trustees', { userIds: [f.b2.id] });
    expect(fewer.json().rules.quorumRequired).toBe(1);
  });

  it('refuses non-candidates, duplicates, too many, quorum above N, and choices not offered', async () => {
    const f = await family();
    const stranger = await insertUser(t.db, { roles: ['beneficiary'] });
    const other = await insertOwner(t.db);
    const put = (userIds: string[]) => injectAs(t, f.s, 'PUT', '/api/v1/release-safeguards/trustees', { userIds });
    for (const ids of [[stranger.id], [f.owner.id], [other.id], [f.b2.id, f.b2.id], Array.from({ length: 11 }, () => crypto.randomUUID()), ['nope']]) {
      const res = await put(ids);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).not.toMatch(/invalid|expected/i);
    }
    const patch = (body: object) => injectAs(t, f.s, 'PATCH', '/api/v1/release-safeguards/rules', body);
    expect((await patch({ quorumRequired: 1 })).json().error.message).toMatch(/Name your trustees first/);
    await put([f.b2.id, f.b3.id]);
    const above = await patch({ quorumRequired: 3 });
    expect(above.statusCode).toBe(400);
    expect(above.json().error.message).toMatch(/at most 2/);
    expect((await patch({ quorumRequired: 0 })).statusCode).toBe(400);
    expect((await patch({ vetoDays: 3 })).statusCode).toBe(400);
    expect((await patch({ trusteeResponseHours: 5 })).statusCode).toBe(400);
    expect((await patch({ extra: 1 })).statusCode).toBe(400);
    const after = await injectAs(t, f.s, 'GET', '/api/v1/release-safeguards');
    expect(after.json().rules).toEqual({ vetoDays: 7, quorumRequired: 1, trusteeResponseHours: 72 });
  });

  it('is for the owner only, and refuses changes while a report is open', async () => {
    const f = await family();
    for (const who of [f.reporter, f.administrator, f.planner]) {
      const s = await sessionFor(t, who);
      expect((await injectAs(t, s, 'GET', '/api/v1/release-safeguards')).statusCode).toBe(403);
      expect((await injectAs(t, s, 'PUT', '/api/v1/release-safeguards/trustees', { userIds: [] })).statusCode).toBe(403);
    }
    await t.db.update(estates).set({ status: 'verification_pending' }).where(eq(estates.id, f.owner.estateId!));
    const res = await injectAs(t, f.s, 'PUT', '/api/v1/release-safeguards/trustees', { userIds: [f.b2.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/report about you is open/);
    expect((await injectAs(t, f.s, 'PATCH', '/api/v1/release-safeguards/rules', { vetoDays: 1 })).statusCode).toBe(409);
  });
});
