import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiaries, estates } from '../../db/schema/estates.ts';
import { playbookTicks } from '../../db/schema/playbook.ts';
import { auditLog } from '../../db/schema/system.ts';
import { insertDigitalAsset } from '../../../../test/factories/digital-assets.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';

let t: TestApp;
type Family = Awaited<ReturnType<typeof insertEstateWithTeam>> & {
  adminS: TestSession;
  heirS: TestSession;
  plainS: TestSession;
  ownerS: TestSession;
  assetIds: { gmail: string; bank: string };
};

const SECRET = 'Tr0ub4dor&3-never-on-the-checklist';

/** An estate with an administrator, a digital-legacy beneficiary, a beneficiary without the flag, and two assets. */
async function family(): Promise<Family> {
  const f = await insertEstateWithTeam(t.db, { name: 'Margaret Ellis' });
  await t.db.update(beneficiaries).set({ accessDigitalLegacy: true }).where(eq(beneficiaries.id, f.beneficiary.id));
  const plain = await insertUser(t.db, { roles: ['beneficiary'] });
  await insertBeneficiary(t.db, f.owner.estateId!, { userId: plain.id, email: plain.email, accessDigitalLegacy: false });
  const gmail = await insertDigitalAsset(t.app.deps, f.owner.estateId!, {
    name: 'Gmail',
    afterDeathAction: 'memorialise',
    twoFactorDevice: 'Her phone, in the kitchen drawer',
    afterDeathNote: 'Download the photos first.',
    secrets: { password: SECRET },
  });
  const bank = await insertDigitalAsset(t.app.deps, f.owner.estateId!, { name: 'Chase checking', afterDeathAction: 'close' });
  return {
    ...f,
    adminS: await sessionFor(t, f.administrator),
    heirS: await sessionFor(t, f.reporter),
    plainS: await sessionFor(t, plain),
    ownerS: await sessionFor(t, f.owner),
    assetIds: { gmail: gmail.id, bank: bank.id },
  };
}

const activate = (f: Family) => t.db.update(estates).set({ status: 'active', activatedAt: t.clock.now() }).where(eq(estates.id, f.owner.estateId!));
const playbookUrl = (f: Family) => `/api/v1/estates/${f.owner.estateId}/playbook`;
const tickUrl = (f: Family, assetId: string) => `${playbookUrl(f)}/${assetId}/tick`;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('executor playbook: the owner writes the instructions', () => {
  it('saves action, two-factor device and note on add and edit; empty clears; bad input is 400', async () => {
    const f = await family();
    const created = await injectAs(t, f.ownerS, 'POST', '/api/v1/digital-assets', {
      name: 'Facebook',
      afterDeathAction: 'memorialise',
      twoFactorDevice: 'YubiKey in the safe',
      afterDeathNote: 'Ask Emily to be the legacy contact.',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ afterDeathAction: 'memorialise', twoFactorDevice: 'YubiKey in the safe', afterDeathNote: 'Ask Emily to be the legacy contact.' });
    const edited = await injectAs(t, f.ownerS, 'PATCH', `/api/v1/digital-assets/${created.json().id}`, { afterDeathAction: 'close', twoFactorDevice: '' });
    expect(edited.json()).toMatchObject({ afterDeathAction: 'close', twoFactorDevice: null, afterDeathNote: 'Ask Emily to be the legacy contact.' });
    const cleared = await injectAs(t, f.ownerS, 'PATCH', `/api/v1/digital-assets/${created.json().id}`, { afterDeathAction: null });
    expect(cleared.json()).toMatchObject({ afterDeathAction: null });

    const bad = await injectAs(t, f.ownerS, 'POST', '/api/v1/digital-assets', { name: 'X', afterDeathAction: 'delete', afterDeathNote: 'n'.repeat(2001), twoFactorDevice: 'd'.repeat(301) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['afterDeathAction', 'afterDeathNote', 'twoFactorDevice']));
  });
});

describe('executor playbook: the checklist after activation', () => {
  it('does not exist before activation, for anyone (404)', async () => {
    const f = await family();
    for (const s of [f.adminS, f.heirS, f.plainS]) {
      expect((await injectAs(t, s, 'GET', playbookUrl(f))).statusCode).toBe(404);
      expect((await injectAs(t, s, 'PUT', tickUrl(f, f.assetIds.gmail))).statusCode).toBe(404);
    }
    expect(await t.db.select().from(playbookTicks).where(eq(playbookTicks.estateId, f.owner.estateId!))).toHaveLength(0);
  });

  it('after activation: the administrator and the digital-legacy beneficiary see it, never the secret', async () => {
    const f = await family();
    await activate(f);
    for (const s of [f.adminS, f.heirS]) {
      const res = await injectAs(t, s, 'GET', playbookUrl(f));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(SECRET);
      expect(res.json()).toMatchObject({
        ownerName: 'Margaret Ellis',
        done: 0,
        total: 2,
        nextCursor: null,
        items: [
          { name: 'Chase checking', action: 'close', actionLabel: 'Close the account', twoFactorDevice: null, tick: null },
          { name: 'Gmail', action: 'memorialise', twoFactorDevice: 'Her phone, in the kitchen drawer', note: 'Download the photos first.', tick: null },
        ],
      });
    }
  });

  it('is not there for a beneficiary without the flag, another estate’s administrator, the owner, or a stranger (404)', async () => {
    const f = await family();
    const g = await family();
    await activate(f);
    await activate(g);
    const stranger = await sessionFor(t, await insertUser(t.db, { roles: ['beneficiary'] }));
    for (const s of [f.plainS, g.adminS, g.heirS, stranger]) {
      expect((await injectAs(t, s, 'GET', playbookUrl(f))).statusCode).toBe(404);
      expect((await injectAs(t, s, 'PUT', tickUrl(f, f.assetIds.gmail))).statusCode).toBe(404);
      expect((await injectAs(t, s, 'DELETE', tickUrl(f, f.assetIds.gmail))).statusCode).toBe(404);
    }
    // the owner holds neither playbook permission: refused before any lookup
    expect((await injectAs(t, f.ownerS, 'GET', playbookUrl(f))).statusCode).toBe(403);
    // another estate's asset through this estate's checklist: not found
    expect((await injectAs(t, f.adminS, 'PUT', tickUrl(f, g.assetIds.gmail))).statusCode).toBe(404);
    expect((await injectAs(t, f.adminS, 'PUT', `${playbookUrl(f)}/not-a-uuid/tick`)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await t.db.select().from(playbookTicks).where(eq(playbookTicks.estateId, g.owner.estateId!))).toHaveLength(0);
  });

  it('a tick shows who and when to both, is audited; untick too; a flag turned off closes it at once', async () => {
    const f = await family();
    await activate(f);
    t.clock.set(new Date('2026-07-01T10:00:00Z'));
    const ticked = await injectAs(t, f.adminS, 'PUT', tickUrl(f, f.assetIds.gmail));
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json().tick).toEqual({ byName: f.administrator.name, at: '2026-07-01T10:00:00.000Z' });
    const seen = (await injectAs(t, f.heirS, 'GET', playbookUrl(f))).json();
    expect(seen).toMatchObject({ done: 1, total: 2 });
    expect(seen.items.find((i: { assetId: string }) => i.assetId === f.assetIds.gmail).tick).toEqual({ byName: f.administrator.name, at: '2026-07-01T10:00:00.000Z' });

    const unticked = await injectAs(t, f.heirS, 'DELETE', tickUrl(f, f.assetIds.gmail));
    expect(unticked.json().tick).toBeNull();
    const again = await injectAs(t, f.heirS, 'DELETE', tickUrl(f, f.assetIds.gmail));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/not ticked off/);

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.estateId, f.owner.estateId!), eq(auditLog.targetId, f.assetIds.gmail)));
    expect(entries.map((e) => [e.action, e.actorUserId])).toEqual([
      ['playbook.ticked', f.administrator.id],
      ['playbook.unticked', f.reporter.id],
    ]);

    await t.db.update(beneficiaries).set({ accessDigitalLegacy: false }).where(eq(beneficiaries.id, f.beneficiary.id));
    expect((await injectAs(t, f.heirS, 'GET', playbookUrl(f))).statusCode).toBe(404);
  });

  it('parallel ticks of one item: exactly one tick, one audit row, the other told who ticked it', async () => {
    const f = await family();
    await activate(f);
    const results = await Promise.all([
      injectAs(t, f.adminS, 'PUT', tickUrl(f, f.assetIds.bank)),
      injectAs(t, f.heirS, 'PUT', tickUrl(f, f.assetIds.bank)),
      injectAs(t, f.adminS, 'PUT', tickUrl(f, f.assetIds.bank)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().tick.byName;
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().error.message).toContain(`already ticked off by ${winner}`);
    expect(await t.db.select().from(playbookTicks).where(eq(playbookTicks.assetId, f.assetIds.bank))).toHaveLength(1);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'playbook.ticked'), eq(auditLog.targetId, f.assetIds.bank)));
    expect(audits).toHaveLength(1);

    // parallel unticks: one removes it, the other is told it is not ticked
    const un = await Promise.all([injectAs(t, f.adminS, 'DELETE', tickUrl(f, f.assetIds.bank)), injectAs(t, f.heirS, 'DELETE', tickUrl(f, f.assetIds.bank))]);
    expect(un.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('executor playbook: paged in name order', () => {
  it('walks every item once (same names too), counts the whole estate, refuses bad pages, shows only its estate', async () => {
    const f = await family();
    const g = await family();
    await activate(f);
    await activate(g);
    for (const name of ['Bank', 'Bank', 'Bank', 'Amazon', 'Photos', 'Zoom', 'Email']) await insertDigitalAsset(t.app.deps, f.owner.estateId!, { name });
    await injectAs(t, f.adminS, 'PUT', tickUrl(f, f.assetIds.gmail));
    await injectAs(t, f.adminS, 'PUT', tickUrl(f, f.assetIds.bank));

    type Row = { assetId: string; name: string; tick: unknown };
    const walk = await walkPages<Row>(t, f.heirS, playbookUrl(f), 2);
    expect(walk.pages).toBe(5);
    expect(walk.items.map((i) => i.name)).toEqual(['Amazon', 'Bank', 'Bank', 'Bank', 'Chase checking', 'Email', 'Gmail', 'Photos', 'Zoom']);
    expect(new Set(walk.items.map((i) => i.assetId)).size).toBe(9);
    expect(walk.items.filter((i) => i.tick).map((i) => i.name)).toEqual(['Chase checking', 'Gmail']);
    // the counts are the estate's, on every page
    const second = (await injectAs(t, f.adminS, 'GET', `${playbookUrl(f)}?limit=2`)).json();
    expect(second).toMatchObject({ done: 2, total: 9 });
    expect(second.items).toHaveLength(2);

    await expectPagingRefusals(t, f.adminS, playbookUrl(f), ['Bank', `not-a-uuid-at-all-not-a-uuid-at-all|Bank`]);
    // another estate's checklist never shows this estate's rows, even with this estate's cursor
    const theirs = await walkPages<Row>(t, g.adminS, playbookUrl(g), 100);
    expect(theirs.items.map((i) => i.name)).toEqual(['Chase checking', 'Gmail']);
    expect(theirs.items.some((i) => walk.items.some((m) => m.assetId === i.assetId))).toBe(false);
    const cursor = second.nextCursor as string;
    const across = await injectAs(t, g.adminS, 'GET', `${playbookUrl(g)}?cursor=${encodeURIComponent(cursor)}`);
    expect(across.json().items.some((i: Row) => walk.items.some((m) => m.assetId === i.assetId))).toBe(false);
    // the refusals still come first with a page query
    expect((await injectAs(t, f.plainS, 'GET', `${playbookUrl(f)}?limit=2`)).statusCode).toBe(404);
    expect((await injectAs(t, f.ownerS, 'GET', `${playbookUrl(f)}?limit=2`)).statusCode).toBe(403);
  });
});
