import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { documents } from '../../db/schema/documents.ts';
import { estates } from '../../db/schema/estates.ts';
import { files } from '../../db/schema/files.ts';
import { memories } from '../../db/schema/memories.ts';
import { userSettings } from '../../db/schema/users.ts';
import { seedDemo, type DemoIds } from '../../db/seed/demo.ts';
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
    expect(d.owner).toEqual({ name: 'Ruth Okafor', firstName: 'Ruth' });
    // security: login alerts (on by default) and activation on death with a certificate (the default condition)
    expect(d.counts).toEqual({ documents: 0, digitalAssets: 0, beneficiaries: 0, security: 2, securityTotal: 6 });
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
    // "Legal Documents" counts every vault document
    expect(d.counts).toMatchObject({ documents: 6, digitalAssets: 2, beneficiaries: 2 });
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
    expect(d.counts).toMatchObject({ documents: 12, digitalAssets: 8, beneficiaries: 5, security: 3 });
    expect(d.supportTeam.map((m: { name: string }) => m.name).sort()).toEqual(['David Chen', 'Robert Hayes']);
    expect(d.tasks.length).toBeGreaterThan(0);
  });
});
