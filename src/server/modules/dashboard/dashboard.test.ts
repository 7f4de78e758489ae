import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { documents } from '../../db/schema/documents.ts';
import { estates } from '../../db/schema/estates.ts';
import { files } from '../../db/schema/files.ts';
import { memories } from '../../db/schema/memories.ts';
import { futureMessages } from '../../db/schema/messages.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { userSettings, users } from '../../db/schema/users.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import type { DemoIds } from '../../db/seed/demo-users.ts';
import { insertBeneficiary, insertSupportMember } from '../../../../test/factories/estates.ts';
import { insertTask } from '../../../../test/factories/tasks.ts';
import { insertOwner, insertUser } from '../../../../test/factories/users.ts';
import { Browser, signUpThroughEmail, buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function addDocument(estateId: string, type: string, title = `${type} document`) {
  const [file] = await t.db
    .insert(files)
    .values({ estateId, storageKey: `test/${Math.random()}`, originalName: 'x.pdf', mimeType: 'application/pdf', size: 10, sha256: 'x', wrappedKey: 'x', status: 'committed' })
    .returning();
  await t.db.insert(documents).values({ estateId, title, type, fileId: file!.id, size: 10, mimeType: 'application/pdf' });
}

describe('GET /api/v1/dashboard', () => {
  it('a new owner: nothing done yet but the defaults, the onboarding tasks to complete', async () => {
    const browser = new Browser(t);
    await signUpThroughEmail(t, browser, { name: 'Ruth Okafor', email: `ruth.${Date.now()}@example.com`, password: 'a-long-password' });
    const res = await browser.call('GET', '/api/v1/dashboard');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    // first visit, straight from sign-up: "Welcome", not "Welcome back"
    expect(d.owner).toEqual({ name: 'Ruth Okafor', firstName: 'Ruth', returning: false });
    expect(d.checklist.map((i: { label: string; done: boolean }) => [i.label, i.done])).toEqual([
      ['Upload your will', false],
      ['Add your first beneficiary', false],
      ['Record a memory', false],
      ['List your digital accounts', false],
      ['Write a future message', false],
      ['Add someone to your support team', false],
      ['Turn on two-factor authentication', false],
    ]);
    // security: login alerts (on by default) and activation on death with a certificate (the default condition)
    expect(d.counts).toEqual({ documents: 0, legalDocuments: 0, digitalAssets: 0, beneficiaries: 0, security: 2, securityTotal: 6 });
    expect(d.completion).toEqual({ overall: 8, documents: 0, beneficiaries: 0, accounts: 0, security: 33 });
    expect(d.tasks.length).toBe(5);
    expect(d.pendingTaskCount).toBe(5);
    expect(d.missing.beneficiaries).toEqual(['Add your first beneficiary']);
  });

  it('follows the owner’s data, and only theirs', async () => {
    const owner = await insertOwner(t.db, { name: 'Alan Brooks' });
    const s = await sessionFor(t, owner);
    const someoneElse = await insertOwner(t.db);
    await addDocument(someoneElse.estateId!, 'legal');
    await insertBeneficiary(t.db, someoneElse.estateId!);

    const before = (await injectAs(t, s, 'GET', '/api/v1/dashboard')).json();
    expect(before.counts.documents).toBe(0);
    expect(before.counts.beneficiaries).toBe(0);

    for (const type of ['legal', 'legal', 'legal', 'financial', 'personal', 'other']) await addDocument(owner.estateId!, type);
    const user = await insertUser(t.db, { roles: ['beneficiary'], dateOfBirth: '1990-01-01' });
    await insertBeneficiary(t.db, owner.estateId!, { userId: user.id, acceptedAt: new Date(), phone: '+1 555 0100', dateOfBirth: null });
    await insertBeneficiary(t.db, owner.estateId!, { phone: '', dateOfBirth: '1991-02-03', accessDigitalLegacy: true });
    await t.db.insert(digitalAssets).values([
      { estateId: owner.estateId!, name: 'Email', secretsEnc: t.app.deps.secrets.encrypt(JSON.stringify({ accessInstructions: 'Close it after a year' })) },
      { estateId: owner.estateId!, name: 'Bank', secretsEnc: t.app.deps.secrets.encrypt(JSON.stringify({ password: 'hunter2' })) },
    ]);
    const admin = await insertUser(t.db, { roles: ['estate-administrator'] });
    await insertSupportMember(t.db, owner.estateId!, { role: 'estate-administrator', userId: admin.id, acceptedAt: new Date() });
    await insertTask(t.db, owner.estateId!, { status: 'pending', title: 'Pending one' });
    await insertTask(t.db, owner.estateId!, { status: 'completed', title: 'Done one' });
    await t.db.insert(memories).values({ estateId: owner.estateId!, title: 'Our first home', date: '1975-05-01', type: 'photo_album', shareAll: true });

    const d = (await injectAs(t, s, 'GET', '/api/v1/dashboard')).json();
    // "Legal Documents" counts the legal ones; the vault's total beside it
    expect(d.counts).toMatchObject({ documents: 6, legalDocuments: 3, digitalAssets: 2, beneficiaries: 2 });
    // documents: 3 legal + 1 financial + 1 personal of 15
    expect(d.completion.documents).toBe(33);
    // beneficiaries: (1 + 0.5) / 2 — the first has everything (birthday from her account), the second only a birthday and access
    expect(d.completion.beneficiaries).toBe(75);
    // accounts: 80% × 1/2 with instructions + 20% (someone has Digital Legacy access)
    expect(d.completion.accounts).toBe(60);
    // security: login alerts, estate administrator, activation on proof
    expect(d.counts.security).toBe(3);
    expect(d.tasks.map((x: { title: string }) => x.title)).toEqual(['Pending one']);
    expect(d.recentMemories).toEqual([expect.objectContaining({ title: 'Our first home', sharedWith: 2, type: 'photo_album' })]);
    expect(d.supportTeam).toHaveLength(1);

    // turning things off moves the figures
    await t.db.insert(userSettings).values({ userId: owner.id, data: { loginAlerts: false } });
    await t.db.update(estates).set({ activationCondition: 'manual' }).where(eq(estates.id, owner.estateId!));
    expect((await injectAs(t, s, 'GET', '/api/v1/dashboard')).json().counts.security).toBe(1);
  });

  it('the checklist ticks itself off from the estate’s own data, and the onboarding tasks with it', async () => {
    const browser = new Browser(t);
    const email = `nadia.${Date.now()}@example.com`;
    await signUpThroughEmail(t, browser, { name: 'Nadia Park', email, password: 'a-long-password' });
    const session = (await browser.call('GET', '/api/v1/auth/session')).json();
    const estateId: string = session.user.estateId;
    const done = async () =>
      Object.fromEntries(((await browser.call('GET', '/api/v1/dashboard')).json().checklist as { key: string; done: boolean }[]).map((i) => [i.key, i.done]));

    // someone else's data ticks nothing here
    const stranger = await insertOwner(t.db);
    await addDocument(stranger.estateId!, 'legal', 'Last Will and Testament');
    await insertBeneficiary(t.db, stranger.estateId!);
    // a legal document that is not a will, and a title that only contains the letters
    await addDocument(estateId, 'legal', 'Power of Attorney');
    await addDocument(estateId, 'legal', 'Deed to Willowbrook Farm');
    await addDocument(estateId, 'personal', 'My will, a draft'); // not filed as legal
    expect(Object.values(await done()).some(Boolean)).toBe(false);

    await addDocument(estateId, 'legal', 'Last Will and Testament of Nadia Park');
    const ben = await insertBeneficiary(t.db, estateId);
    await t.db.insert(memories).values({ estateId, title: 'Graduation day', date: '2001-06-30', type: 'photo_album' });
    await t.db.insert(digitalAssets).values({ estateId, name: 'Email' });
    await t.db.insert(futureMessages).values({ estateId, recipientId: ben.id, subject: 'For later', body: 'Hello', deliveryRule: 'after_activation' });
    await insertSupportMember(t.db, estateId, { role: 'legacy-planner' });
    expect(await done()).toEqual({
      will: true,
      beneficiary: true,
      memory: true,
      digitalAsset: true,
      futureMessage: true,
      supportTeam: true,
      twoFactor: false,
    });
    await t.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.email, email));
    expect((await done()).twoFactor).toBe(true);

    // the matching onboarding tasks were completed (once), so the task list agrees with the checklist
    const onboarding = await t.db.select().from(tasks).where(and(eq(tasks.estateId, estateId), eq(tasks.source, 'onboarding')));
    expect(onboarding.length).toBe(5);
    expect(onboarding.every((x) => x.status === 'completed' && x.completedAt)).toBe(true);
    expect((await browser.call('GET', '/api/v1/dashboard')).json().pendingTaskCount).toBe(0);
    // the stranger's onboarding is untouched by all this
    expect((await t.db.select().from(tasks).where(and(eq(tasks.estateId, stranger.estateId!), eq(tasks.status, 'completed')))).length).toBe(0);
  });

  it('greets a first visit with "Welcome" and every later one with "Welcome back"', async () => {
    const browser = new Browser(t);
    const email = `omar.${Date.now()}@example.com`;
    await signUpThroughEmail(t, browser, { name: 'Omar Haddad', email, password: 'a-long-password' });
    const returning = async (b: Browser) => (await b.call('GET', '/api/v1/dashboard')).json().owner.returning;
    // the sign-up's own session, read twice: still the first visit
    expect(await returning(browser)).toBe(false);
    expect(await returning(browser)).toBe(false);

    // signs out and comes back with the password: a return (the sign-up was the first visit)
    expect((await browser.call('POST', '/api/v1/auth/sign-out')).statusCode).toBeLessThan(300);
    const again = new Browser(t);
    expect((await again.call('POST', '/api/v1/auth/sign-in', { email, password: 'a-long-password' })).statusCode).toBe(200);
    expect(await returning(again)).toBe(true);

    // an owner whose only sign-in is the one that started this session (made by an administrator, never signed up): first visit
    const owner = await insertOwner(t.db, { emailVerifiedAt: new Date() });
    const fresh = new Browser(t);
    expect((await fresh.call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password })).statusCode).toBe(200);
    expect(await returning(fresh)).toBe(false);
    // a second device signs in: both sessions have been here before now
    const second = new Browser(t);
    expect((await second.call('POST', '/api/v1/auth/sign-in', { email: owner.email, password: owner.password })).statusCode).toBe(200);
    expect(await returning(second)).toBe(true);
    expect(await returning(fresh)).toBe(true);
  });

  it('is for estate owners only', async () => {
    const planner = await insertUser(t.db, { roles: ['legacy-planner'] });
    expect((await injectAs(t, await sessionFor(t, planner), 'GET', '/api/v1/dashboard')).statusCode).toBe(403);
  });
});

describe('the demo owner', () => {
  let ids: DemoIds;
  beforeAll(async () => {
    ids = await seedDemo(t.db, t.app.deps);
  });

  it('sees 65% overall, Documents 80%, Beneficiaries 70%, Accounts 60% and 12 / 8 / 5 / 3 — computed from the seed', async () => {
    const s = await sessionFor(t, { id: ids.ownerId });
    const d = (await injectAs(t, s, 'GET', '/api/v1/dashboard')).json();
    expect(d.owner.firstName).toBe('Margaret');
    expect(d.completion).toMatchObject({ overall: 65, documents: 80, beneficiaries: 70, accounts: 60 });
    expect(d.counts).toMatchObject({ documents: 12, legalDocuments: 5, digitalAssets: 8, beneficiaries: 5, security: 3 });
    // Margaret has signed in before (the seed's sign-in history)
    expect(d.owner.returning).toBe(true);
    expect(d.supportTeam.map((m: { name: string }) => m.name).sort()).toEqual(['David Chen', 'Robert Hayes']);
    expect(d.tasks.length).toBeGreaterThan(0);
  });
});
