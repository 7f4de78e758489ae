import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estates } from '../../db/schema/estates.ts';
import { estateTrustees, releaseRules } from '../../db/schema/safeguards.ts';
import { insertDigitalAsset } from '../../../../test/factories/digital-assets.ts';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { insertFutureMessage } from '../../../../test/factories/future-messages.ts';
import { insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { insertOwner, insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';

const PLAN = '/api/v1/release-plan';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('release plan', () => {
  it('a new owner sees the defaults: anyone linked may report, no trustees, a 7-day veto, everything at activation', async () => {
    const owner = await insertOwner(t.db, { name: 'Walter Grey' });
    const res = await injectAs(t, await sessionFor(t, owner), 'GET', PLAN);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ownerName: 'Walter Grey',
      status: 'planning',
      activationCondition: 'upon_death',
      reportEvents: ['death'],
      reporters: { total: 0, people: [] },
      trustees: [],
      quorumRequired: 0,
      vetoDays: 7,
      trusteeResponseHours: 72,
      verification: { administrators: [], documents: { death: ['Death Certificate'] } },
      release: { schedule: 'all_at_once', steps: [{ category: 'documents', when: 'At activation' }, { category: 'memories', when: 'At activation' }] },
      beneficiaries: { total: 0, people: [] },
      messages: { scheduled: 0, drafts: 0, items: [] },
      digitalAssets: { total: 0, withInstructions: 0 },
      incapacity: { people: [] },
      checkIn: { months: null, state: 'off', dueAt: null },
    });
  });

  it('says who gets what in incapacity mode and when the next check-in is due, from the owner’s own choices', async () => {
    const f = await insertEstateWithTeam(t.db, { name: 'Rosa Lind' });
    await t.db.update(estates).set({ activationCondition: 'upon_incapacitation' }).where(eq(estates.id, f.owner.estateId!));
    const owner = await sessionFor(t, f.owner);
    const grants = await injectAs(t, owner, 'PUT', '/api/v1/incapacity/grants', { grants: [{ beneficiaryId: f.beneficiary.id, categories: ['documents'] }] });
    expect(grants.statusCode, grants.body).toBe(200);
    expect((await injectAs(t, owner, 'PATCH', '/api/v1/check-in', { months: 3 })).statusCode).toBe(200);
    const plan = (await injectAs(t, owner, 'GET', PLAN)).json();
    expect(plan.incapacity.people).toEqual([{ name: expect.any(String), categories: ['Documents'] }]);
    expect(plan.checkIn).toMatchObject({ months: 3, state: 'on' });
    expect(new Date(plan.checkIn.dueAt).getTime()).toBeGreaterThan(t.clock.now().getTime() + 80 * 24 * 60 * 60_000);
  });

  it('reflects the trustees in order, M of N and the veto window stored for the estate', async () => {
    const f = await insertEstateWithTeam(t.db, { name: 'Margaret Ellis' });
    const second = await insertUser(t.db, { roles: ['beneficiary'], name: 'Bob Second' });
    const first = await insertUser(t.db, { roles: ['beneficiary'], name: 'Ann First' });
    const third = await insertUser(t.db, { roles: ['beneficiary'], name: 'Cy Third' });
    const estateId = f.owner.estateId!;
    await t.db.insert(estateTrustees).values([
      { estateId, userId: second.id, position: 2 },
      { estateId, userId: first.id, position: 1 },
      { estateId, userId: third.id, position: 3 },
    ]);
    await t.db.insert(releaseRules).values({ estateId, vetoDays: 14, quorumRequired: 2, trusteeResponseHours: 48 });
    await t.db.update(estates).set({ activationCondition: 'upon_incapacitation', releaseSchedule: 'gradual' }).where(eq(estates.id, estateId));

    const plan = (await injectAs(t, await sessionFor(t, f.owner), 'GET', PLAN)).json();
    expect(plan.trustees).toEqual([
      { position: 1, name: 'Ann First' },
      { position: 2, name: 'Bob Second' },
      { position: 3, name: 'Cy Third' },
    ]);
    expect(plan).toMatchObject({ quorumRequired: 2, vetoDays: 14, trusteeResponseHours: 48, reportEvents: ['death', 'incapacity'] });
    expect(plan.reporters.total).toBe(2); // the linked beneficiary and the estate administrator
    expect(plan.verification.administrators).toEqual([f.administrator.name]);
    expect(plan.verification.documents.incapacity).toEqual(['Medical documentation']);
    expect(plan.release.steps).toEqual([
      { category: 'documents', label: 'Documents', when: 'At activation' },
      { category: 'memories', label: 'Memories', when: 'One week after activation' },
    ]);
  });

  it('counts what each beneficiary receives through the access policy (shares, flags, release), and lists letters with their words', async () => {
    const owner = await insertOwner(t.db);
    const estateId = owner.estateId!;
    const emily = await insertBeneficiary(t.db, estateId, { firstName: 'Emily', lastName: 'Ellis', accessMemories: true, accessDocuments: true, accessDigitalLegacy: true });
    const noDocs = await insertBeneficiary(t.db, estateId, { firstName: 'Zed', lastName: 'Ellis', accessMemories: true, accessDocuments: false });
    await insertMemory(t.app.deps, estateId, { shareAll: true, release: 'now' });
    await insertMemory(t.app.deps, estateId, { shareAll: true, release: 'after_activation' });
    await insertMemory(t.app.deps, estateId, { sharedWith: [emily.id], release: 'after_activation' });
    await insertMemory(t.app.deps, estateId, { shareAll: false }); // shared with no one
    await insertDocument(t.app.deps, estateId, { shareAll: true, release: 'after_activation' });
    await insertFutureMessage(t.db, estateId, emily.id, { subject: 'For your wedding', status: 'scheduled', deliveryRule: 'after_activation', daysAfterActivation: 365 });
    await insertFutureMessage(t.db, estateId, emily.id, { status: 'draft' });
    await insertDigitalAsset(t.app.deps, estateId, { afterDeathAction: 'close' });
    await insertDigitalAsset(t.app.deps, estateId, {});

    const plan = (await injectAs(t, await sessionFor(t, owner), 'GET', PLAN)).json();
    const byName = (name: string) => plan.beneficiaries.people.find((p: { name: string }) => p.name === name);
    expect(byName('Emily Ellis')).toMatchObject({
      linked: false,
      digitalLegacy: true,
      letters: 1,
      items: [
        { category: 'documents', now: 0, afterActivation: 1 },
        { category: 'memories', now: 1, afterActivation: 2 },
      ],
    });
    expect(byName('Zed Ellis').items).toEqual([
      { category: 'documents', now: 0, afterActivation: 0 },
      { category: 'memories', now: 1, afterActivation: 1 },
    ]);
    expect(noDocs.id).toBeTruthy();
    expect(plan.messages).toMatchObject({ scheduled: 1, drafts: 1, items: [{ subject: 'For your wedding', recipientName: 'Emily Ellis', when: 'One year after my passing' }] });
    expect(plan.digitalAssets).toEqual({ total: 2, withInstructions: 1 });
  });

  it('is the owner’s alone: other roles are refused, and it never shows another estate', async () => {
    const f = await insertEstateWithTeam(t.db);
    expect((await injectAs(t, await sessionFor(t, f.reporter), 'GET', PLAN)).statusCode).toBe(403);
    expect((await injectAs(t, await sessionFor(t, f.administrator), 'GET', PLAN)).statusCode).toBe(403);
    expect((await injectAs(t, null, 'GET', PLAN)).statusCode).toBe(401);
    // each owner reads only their own estate's plan, whatever they send
    const other = await insertOwner(t.db, { name: 'Other Owner' });
    await t.db.insert(releaseRules).values({ estateId: f.owner.estateId!, vetoDays: 30, quorumRequired: 1, trusteeResponseHours: 24 });
    const mine = (await injectAs(t, await sessionFor(t, other), 'GET', `${PLAN}?estateId=${f.owner.estateId}`)).json();
    expect(mine).toMatchObject({ ownerName: 'Other Owner', vetoDays: 7 });
  });
});
