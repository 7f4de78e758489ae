import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { insertBeneficiaryUser, linkBeneficiary, setEstateStatus } from '../../../../test/factories/shared-content.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { Browser, buildTestApp, type TestApp } from '../../../../test/helpers.ts';

/** The beneficiary's home greets and describes people as a family would expect (issue 24). */
let t: TestApp;
let viewer: InsertedUser;
let planning: InsertedUser;
let active: InsertedUser;
const LAST_HERE = new Date('2026-11-20T09:00:00Z');

beforeAll(async () => {
  t = await buildTestApp();
  viewer = await insertBeneficiaryUser(t.db, { emailVerifiedAt: new Date() });
  planning = await insertUser(t.db, { roles: ['estate-owner'], name: 'Alive Owner' });
  active = await insertUser(t.db, { roles: ['estate-owner'], name: 'Late Owner' });
  for (const owner of [planning, active]) {
    await linkBeneficiary(t.db, owner.estateId!, viewer);
    await t.db.update(users).set({ lastActiveAt: LAST_HERE }).where(eq(users.id, owner.id));
  }
  await setEstateStatus(t.db, active.estateId!, 'active');
});
afterAll(async () => t.close());

async function signedIn(): Promise<Browser> {
  const browser = new Browser(t);
  expect((await browser.call('POST', '/api/v1/auth/sign-in', { email: viewer.email, password: viewer.password })).statusCode).toBe(200);
  return browser;
}

const home = async (browser: Browser) => (await browser.call('GET', '/api/v1/shared/home')).json();

describe("the beneficiary's home", () => {
  it('welcomes a first visit, and welcomes back every later one', async () => {
    const first = await signedIn();
    expect((await home(first)).returning).toBe(false);
    expect((await home(first)).returning).toBe(false);
    expect((await home(await signedIn())).returning).toBe(true);
  });

  it('says when an owner who is planning was last here, never of an estate that was activated', async () => {
    const { estates } = await home(await signedIn());
    const card = (owner: InsertedUser) => estates.find((e: { estateId: string }) => e.estateId === owner.estateId);
    expect(card(planning).lastActiveAt).toBe(LAST_HERE.toISOString());
    expect(card(active)).toMatchObject({ status: 'active', lastActiveAt: null });
  });
});
