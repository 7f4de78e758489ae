import { PassThrough } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FROZEN_AT_ACTIVATION, OPEN_AFTER_ACTIVATION, frozenAtActivation, openAfterActivation } from '../../src/core/estate-freeze.ts';
import { can } from '../../src/core/permissions.ts';
import { digitalAssets } from '../../src/server/db/schema/digital-assets.ts';
import { documents } from '../../src/server/db/schema/documents.ts';
import { files } from '../../src/server/db/schema/files.ts';
import { beneficiaries, estates } from '../../src/server/db/schema/estates.ts';
import { memories, memoryShares } from '../../src/server/db/schema/memories.ts';
import { futureMessages } from '../../src/server/db/schema/messages.ts';
import { inventoryEntries } from '../../src/server/db/schema/settlement.ts';
import { estateSnapshots } from '../../src/server/db/schema/snapshots.ts';
import { outboxEmails } from '../../src/server/db/schema/system.ts';
import { insertDigitalAsset } from '../factories/digital-assets.ts';
import { insertBeneficiary } from '../factories/estates.ts';
import { makePdf, multipartBody } from '../factories/files.ts';
import { insertFutureMessage } from '../factories/future-messages.ts';
import { activateThroughApi, insertEstateWithTeam, readyToActivate } from '../factories/lifecycle.ts';
import { insertMemory } from '../factories/memories.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('the route table: no owner write slips past the freeze', () => {
  it('every unsafe route an estate owner may call is frozen at activation, or open for a stated reason', () => {
    const ownerWrites = t.app.guardedRoutes.filter((r) => r.method !== 'GET' && r.permission && can(['estate-owner'], r.permission));
    const unexplained = ownerWrites.filter((r) => !frozenAtActivation(r.method, r.permission!) && !openAfterActivation(r.permission!));
    expect(unexplained.map((r) => `${r.method} ${r.url} (${r.permission})`)).toEqual([]);
    const frozen = ownerWrites.filter((r) => frozenAtActivation(r.method, r.permission!));
    console.info(`estate freeze: ${frozen.length} of ${ownerWrites.length} owner writes frozen at activation, ${ownerWrites.length - frozen.length} open with a reason`);
    for (const entity of FROZEN_AT_ACTIVATION) expect(OPEN_AFTER_ACTIVATION[entity], entity).toBeUndefined();
    const frozenUrls = frozen.map((r) => `${r.method} ${r.url}`);
    expect(frozenUrls).toEqual(
      expect.arrayContaining([
        'PATCH /api/v1/memories/:id',
        'PUT /api/v1/memories/:id/share',
        'DELETE /api/v1/memories/:id',
        'POST /api/v1/memories',
        'POST /api/v1/documents',
        'PUT /api/v1/documents/:id/share',
        'POST /api/v1/digital-assets',
        'POST /api/v1/beneficiaries',
        'PATCH /api/v1/beneficiaries/:id',
        'POST /api/v1/beneficiaries/:id/invitation',
        'POST /api/v1/future-messages',
        'PUT /api/v1/estate/settings',
        'PUT /api/v1/release-safeguards/trustees',
        'PATCH /api/v1/release-safeguards/rules',
        'POST /api/v1/support-team',
        'POST /api/v1/account/deletion',
      ]),
    );
  });
});

type Family = Awaited<ReturnType<typeof insertEstateWithTeam>> & {
  ownerS: TestSession;
  memoryId: string;
  documentId: string;
  assetId: string;
  letterId: string;
  /** a beneficiary not invited yet */
  invitee: { id: string; email: string };
};

/** Margaret's estate: a memory and a document shared with her daughter, a digital account and a letter. */
async function family(): Promise<Family> {
  const f = await insertEstateWithTeam(t.db, { name: 'Margaret Ellis' });
  const deps = t.app.deps;
  const memory = await insertMemory(deps, f.owner.estateId!, { title: 'Summer at Cape May', shareAll: true, release: 'now' });
  const documentRes = await upload(await sessionFor(t, f.owner), 'Letter of wishes');
  const asset = await insertDigitalAsset(deps, f.owner.estateId!, { name: 'Gmail' });
  const letter = await insertFutureMessage(t.db, f.owner.estateId!, f.beneficiary.id, { subject: 'For your birthday' });
  const invitee = await insertBeneficiary(t.db, f.owner.estateId!, { firstName: 'James', email: `james.${f.owner.id}@example.com` });
  return { ...f, invitee, ownerS: await sessionFor(t, f.owner), memoryId: memory.id, documentId: documentRes.json().id, assetId: asset.id, letterId: letter.id };
}

function upload(s: TestSession, title: string, type: 'personal' | 'financial' = 'personal') {
  const { payload, headers } = multipartBody([
    { name: 'title', value: title },
    { name: 'type', value: type },
    { name: 'file', filename: 'wishes.pdf', data: makePdf(title), contentType: 'application/pdf' },
  ]);
  return injectAs(t, s, 'POST', '/api/v1/documents', payload, { headers });
}

function addMemory(s: TestSession) {
  const { payload, headers } = multipartBody([
    { name: 'data', value: JSON.stringify({ title: 'A new one', date: '2026-11-30' }) },
    { name: 'story', value: JSON.stringify({ title: 'Late', content: 'Written after.' }) },
  ]);
  return injectAs(t, s, 'POST', '/api/v1/memories', payload, { headers });
}

/** What the issue found an activated estate's owner account could still do, one call each. */
const attempts: [string, (f: Family) => ReturnType<typeof injectAs>][] = [
  ['edit a released memory', (f) => injectAs(t, f.ownerS, 'PATCH', `/api/v1/memories/${f.memoryId}`, { title: 'Rewritten' })],
  ['unshare a released memory', (f) => injectAs(t, f.ownerS, 'PUT', `/api/v1/memories/${f.memoryId}/share`, { all: false, beneficiaryIds: [], release: 'now' })],
  ['add a memory', (f) => addMemory(f.ownerS)],
  ['add a letter', (f) => injectAs(t, f.ownerS, 'POST', '/api/v1/future-messages', { recipientId: f.beneficiary.id, subject: 'From beyond', body: 'Hello.', deliveryRule: 'on_date', deliverOn: '2027-03-12', status: 'scheduled' })],
  ['change the estate settings', (f) => injectAs(t, f.ownerS, 'PUT', '/api/v1/estate/settings', { activationCondition: 'manual', releaseSchedule: 'gradual', releaseDates: [] })],
  ['add a beneficiary with every flag', (f) => injectAs(t, f.ownerS, 'POST', '/api/v1/beneficiaries', { firstName: 'New', lastName: 'Person', relationship: 'Friend', email: `new.${f.owner.id}@example.com`, access: { memories: true, documents: true, messages: true, beneficiaries: true, digitalLegacy: true } })],
  ['change a beneficiary’s flags', (f) => injectAs(t, f.ownerS, 'PATCH', `/api/v1/beneficiaries/${f.beneficiary.id}`, { access: { digitalLegacy: true, beneficiaries: true } })],
  ['invite a beneficiary', (f) => injectAs(t, f.ownerS, 'POST', `/api/v1/beneficiaries/${f.invitee.id}/invitation`)],
  ['add a digital account', (f) => injectAs(t, f.ownerS, 'POST', '/api/v1/digital-assets', { name: 'Bank', secrets: { password: 'late' } })],
  ['upload a document', (f) => upload(f.ownerS, 'A late will')],
  ['unshare a document', (f) => injectAs(t, f.ownerS, 'PUT', `/api/v1/documents/${f.documentId}/share`, { all: false, beneficiaryIds: [], release: 'now' })],
  ['delete a letter', (f) => injectAs(t, f.ownerS, 'DELETE', `/api/v1/future-messages/${f.letterId}`)],
  ['delete a digital account', (f) => injectAs(t, f.ownerS, 'DELETE', `/api/v1/digital-assets/${f.assetId}`)],
  ['delete a released memory', (f) => injectAs(t, f.ownerS, 'DELETE', `/api/v1/memories/${f.memoryId}`)],
];

/** Everything the estate holds, as the database has it. */
async function estateContents(f: Family) {
  const estateId = f.owner.estateId!;
  const memoryRows = await t.db.select().from(memories).where(eq(memories.estateId, estateId));
  return {
    estate: await t.db.select().from(estates).where(eq(estates.id, estateId)),
    memories: memoryRows,
    shares: await t.db.select().from(memoryShares).where(inArray(memoryShares.memoryId, memoryRows.map((m) => m.id))),
    documents: await t.db.select().from(documents).where(eq(documents.estateId, estateId)),
    assets: await t.db.select().from(digitalAssets).where(eq(digitalAssets.estateId, estateId)),
    beneficiaries: await t.db.select().from(beneficiaries).where(eq(beneficiaries.estateId, estateId)),
    letters: await t.db.select().from(futureMessages).where(eq(futureMessages.estateId, estateId)),
    invitations: await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, f.invitee.email)),
  };
}

describe('an active estate is read-only to its owner', () => {
  it('every change is refused with a 409 that says why, and nothing changes', async () => {
    const f = await family();
    // the owner's session is in use when the estate is activated
    expect((await injectAs(t, f.ownerS, 'GET', '/api/v1/memories')).statusCode).toBe(200);
    await activateThroughApi(t, f);
    const before = await estateContents(f);
    for (const [what, attempt] of attempts) {
      const res = await attempt(f);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'ESTATE_FROZEN',
        message: expect.stringMatching(/^This estate was activated on \d{1,2} \w+ 20\d\d and is now kept exactly as Margaret Ellis left it\. Nothing in it can be changed from this account\.$/),
      });
    }
    expect(await estateContents(f)).toEqual(before);
    const shared = await injectAs(t, await sessionFor(t, f.reporter), 'GET', `/api/v1/shared/memories/${f.memoryId}`);
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ title: 'Summer at Cape May' });
  });

  it('the same calls work while the estate is being planned', async () => {
    const f = await family();
    for (const [what, attempt] of attempts) {
      const res = await attempt(f);
      expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
    }
  });

  it('the account stays the owner’s: reading it, notification preferences; the session tells the screens the estate is active', async () => {
    const f = await family();
    await activateThroughApi(t, f);
    expect((await injectAs(t, f.ownerS, 'GET', `/api/v1/memories/${f.memoryId}`)).statusCode).toBe(200);
    expect((await injectAs(t, f.ownerS, 'PATCH', '/api/v1/settings', { legacyUpdates: false })).statusCode).toBe(200);
    const session = await injectAs(t, f.ownerS, 'GET', '/api/v1/auth/session');
    expect(session.json().user).toMatchObject({ estateId: f.owner.estateId, estateActivatedAt: expect.stringMatching(/^20\d\d-/) });
  });

  it('the family and the administrator carry on: the executor checklist can still be ticked', async () => {
    const f = await family();
    await t.db.update(beneficiaries).set({ accessDigitalLegacy: true }).where(eq(beneficiaries.id, f.beneficiary.id));
    await activateThroughApi(t, f);
    const tick = await injectAs(t, await sessionFor(t, f.reporter), 'PUT', `/api/v1/estates/${f.owner.estateId}/playbook/${f.assetId}/tick`);
    expect(tick.statusCode, tick.body).toBe(200);
  });

  it('only the estate that is active is frozen: another owner and a planning estate are untouched', async () => {
    const f = await family();
    const g = await family();
    await activateThroughApi(t, f);
    expect((await injectAs(t, g.ownerS, 'PATCH', `/api/v1/memories/${g.memoryId}`, { title: 'Still mine' })).statusCode).toBe(200);
    const planning = await injectAs(t, g.ownerS, 'GET', '/api/v1/auth/session');
    expect(planning.json().user.estateActivatedAt).toBeNull();
  });
});

describe('activation and the owner’s writes at the same moment (ADR 0109)', () => {
  /** An estate one click from activation: a memory its beneficiary receives, a digital account, the owner signed in. */
  async function onTheBrink() {
    const f = await insertEstateWithTeam(t.db, { name: 'Walter Brink' });
    const memory = await insertMemory(t.app.deps, f.owner.estateId!, { title: 'The lake house', shareAll: true, release: 'now' });
    const asset = await insertDigitalAsset(t.app.deps, f.owner.estateId!, { name: 'Old email' });
    const activate = await readyToActivate(t, f);
    return { ...f, ownerS: await sessionFor(t, f.owner), memoryId: memory.id, assetId: asset.id, activate };
  }

  /** What the activation recorded (the inventory, the beneficiary's manifest) beside what the estate holds now. */
  async function recordedAndLive(f: Awaited<ReturnType<typeof onTheBrink>>) {
    const estateId = f.owner.estateId!;
    const entries = await t.db.select({ source: inventoryEntries.source, sourceId: inventoryEntries.sourceId }).from(inventoryEntries).where(eq(inventoryEntries.estateId, estateId));
    const [snapshot] = await t.db.select({ manifest: estateSnapshots.manifest }).from(estateSnapshots).where(eq(estateSnapshots.beneficiaryId, f.beneficiary.id));
    const manifest = JSON.parse(snapshot!.manifest) as { items: { kind: string; id: string; title: string }[] };
    const shared = await injectAs(t, await sessionFor(t, f.reporter), 'GET', '/api/v1/shared/memories');
    const ids = (rows: { id: string | null }[]) => rows.map((r) => r.id).sort();
    return {
      recorded: {
        assets: ids(entries.filter((e) => e.source === 'digital_asset').map((e) => ({ id: e.sourceId }))),
        documents: ids(entries.filter((e) => e.source === 'document').map((e) => ({ id: e.sourceId }))),
        memories: manifest.items.filter((i) => i.kind === 'memory').map(({ id, title }) => ({ id, title })),
      },
      live: {
        assets: ids(await t.db.select({ id: digitalAssets.id }).from(digitalAssets).where(eq(digitalAssets.estateId, estateId))),
        documents: ids(await t.db.select({ id: documents.id }).from(documents).where(and(eq(documents.estateId, estateId), eq(documents.type, 'financial')))),
        memories: (shared.json().items as { id: string; title: string }[]).map(({ id, title }) => ({ id, title })),
      },
    };
  }

  /** The owner's writes the issue saw land after activation: rename and unshare a released memory, add and remove accounts, upload, change the settings. */
  const writers = (f: Awaited<ReturnType<typeof onTheBrink>>, round: number) => [
    () => injectAs(t, f.ownerS, 'PATCH', `/api/v1/memories/${f.memoryId}`, { title: `Renamed ${round}a` }),
    () => injectAs(t, f.ownerS, 'PUT', `/api/v1/memories/${f.memoryId}/share`, { all: false, beneficiaryIds: [], release: 'now' }),
    () => injectAs(t, f.ownerS, 'PATCH', `/api/v1/memories/${f.memoryId}`, { title: `Renamed ${round}b` }),
    () => injectAs(t, f.ownerS, 'POST', '/api/v1/digital-assets', { name: `Savings ${round}a`, secrets: { password: 'p' } }),
    () => injectAs(t, f.ownerS, 'DELETE', `/api/v1/digital-assets/${f.assetId}`),
    () => upload(f.ownerS, `Statement ${round}a`, 'financial'),
    () => injectAs(t, f.ownerS, 'PUT', `/api/v1/memories/${f.memoryId}/share`, { all: true, beneficiaryIds: [], release: 'now' }),
    () => injectAs(t, f.ownerS, 'POST', '/api/v1/digital-assets', { name: `Pension ${round}b` }),
    () => injectAs(t, f.ownerS, 'PATCH', `/api/v1/memories/${f.memoryId}`, { title: `Renamed ${round}c` }),
    () => upload(f.ownerS, `Statement ${round}b`, 'financial'),
    // two changes of the estate row itself at once (they wait for each other, never deadlock)
    () => injectAs(t, f.ownerS, 'PUT', '/api/v1/estate/settings', { activationCondition: 'manual', releaseSchedule: 'gradual', releaseDates: [] }),
    () => injectAs(t, f.ownerS, 'PUT', '/api/v1/estate/settings', { activationCondition: 'manual', releaseSchedule: 'all_at_once', releaseDates: [] }),
  ];

  it('20 rounds: every write either committed before activation and is in what it recorded, or is refused with the frozen-estate answer', async () => {
    const started = Date.now();
    const outcomes = { accepted: 0, refused: 0 };
    // the estates are made ready a few at a time beforehand; the rounds run one after another
    const ready: Awaited<ReturnType<typeof onTheBrink>>[] = [];
    while (ready.length < 20) ready.push(...(await Promise.all(Array.from({ length: 5 }, onTheBrink))));
    for (const [round, f] of ready.entries()) {
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      // the writers set off a few milliseconds apart, before, with and after the administrator's click
      const sent = writers(f, round).map(async (write, i) => {
        await pause(i * (round % 4));
        return write();
      });
      const activated = await f.activate();
      expect(activated.statusCode, activated.body).toBe(200);
      for (const res of await Promise.all(sent)) {
        if (res.statusCode < 300) outcomes.accepted++;
        else {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json().error.code).toBe('ESTATE_FROZEN');
          outcomes.refused++;
        }
      }
      const { recorded, live } = await recordedAndLive(f);
      expect(live, `round ${round}`).toEqual(recorded);
    }
    // both sides of the race were run
    expect(outcomes.accepted).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
    console.info(`freeze race: ${outcomes.accepted} writes before activation, ${outcomes.refused} refused, 20 rounds in ${Date.now() - started} ms`);
  });

  it('an upload that finishes streaming after activation is refused, and nothing of it is kept', async () => {
    const f = await onTheBrink();
    const { payload, headers } = multipartBody([
      { name: 'title', value: 'Late statement' },
      { name: 'type', value: 'financial' },
      { name: 'file', filename: 'late.pdf', data: makePdf('Late statement', Array.from({ length: 4000 }, (_, i) => `Line ${i} of a long bank statement`)), contentType: 'application/pdf' },
    ]);
    const body = new PassThrough();
    body.write(payload.subarray(0, 100_000));
    const upload = injectAs(t, f.ownerS, 'POST', '/api/v1/documents', body, { headers });
    // its first bytes are judged and stored (a pending file) before the estate is activated
    const pending = async () => (await t.db.select({ id: files.id }).from(files).where(and(eq(files.estateId, f.owner.estateId!), eq(files.status, 'pending')))).length;
    for (let i = 0; i < 200 && !(await pending()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await pending()).toBe(1);
    expect((await f.activate()).statusCode).toBe(200);
    body.end(payload.subarray(100_000));
    const res = await upload;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('ESTATE_FROZEN');
    expect(await t.db.select().from(documents).where(eq(documents.estateId, f.owner.estateId!))).toEqual([]);
    expect(await pending()).toBe(0);
  });
});
