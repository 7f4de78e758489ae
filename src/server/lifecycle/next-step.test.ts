import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedEvents, ESTATE_STATUSES, type EstateEvent, type EstateStatus } from '../../core/lifecycle.ts';
import { insertBeneficiary } from '../../../test/factories/estates.ts';
import { makePdf, multipartBody } from '../../../test/factories/files.ts';
import { administrate } from '../../../test/factories/lifecycle.ts';
import { setEstateStatus } from '../../../test/factories/shared-content.ts';
import { insertOwner, insertUser, type InsertedUser } from '../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../test/helpers.ts';
import { estates } from '../db/schema/estates.ts';
import { notifications } from '../db/schema/messages.ts';
import { estateTrustees } from '../db/schema/safeguards.ts';
import { userRoles, users } from '../db/schema/users.ts';
import { freezeActivationSnapshot } from '../modules/audit-integrity/freeze-activation-snapshot.ts';

/**
 * No state in which nobody may take the next step (ADR 0111). One row per lifecycle state: who may
 * take each step out of it, and — in a world with the worst overlap of roles the rules allow or
 * that people leaving can make — a real person doing the forward step through the API.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T10:00:00Z'));
});
afterAll(async () => t.close());

const as = async (u: { id: string }, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => injectAs(t, await sessionFor(t, u), method, url, body);
const statusOf = async (estateId: string) => (await t.db.select({ s: estates.status }).from(estates).where(eq(estates.id, estateId)))[0]!.s;
/** The request, expected to succeed. */
async function ok(request: ReturnType<typeof as>) {
  const res = await request;
  expect(res.statusCode, res.body).toBe(200);
  return res;
}
/** A platform admin appoints a new estate administrator (Estates → Manage). */
async function appoint(w: World) {
  const appointed = await insertUser(t.db, { roles: ['estate-administrator'] });
  await ok(as(w.staff, 'PUT', `/api/v1/admin/estates/${w.estateId}/administrator`, { userId: appointed.id }));
  return appointed;
}
const REASON = { reason: 'The hospital confused two patients; I spoke to the owner on the phone.' };

/**
 * The worst overlap: the owner's only estate administrator is also their only trustee (a second
 * administrator left after the owner named him) and the only other person linked to the estate is
 * one family member; there is one platform admin besides.
 */
async function worstWorld() {
  const owner = await insertOwner(t.db);
  const estateId = owner.estateId!;
  const administrator = await insertUser(t.db, { roles: ['estate-administrator'] });
  await administrate(t.db, owner, administrator);
  await t.db.insert(estateTrustees).values({ estateId, userId: administrator.id, position: 1 });
  const family = await insertUser(t.db, { roles: ['beneficiary'] });
  await insertBeneficiary(t.db, estateId, { userId: family.id, email: family.email, relationship: 'Son' });
  const staff = await insertUser(t.db, { roles: ['admin'] });
  return { owner, estateId, administrator, family, staff };
}
type World = Awaited<ReturnType<typeof worstWorld>>;

async function reportDeath(w: World, reporter: InsertedUser) {
  const { payload, headers } = multipartBody([
    { name: 'data', value: JSON.stringify({ event: 'death', relationship: 'Son' }) },
    { name: 'death_certificate', filename: 'certificate.pdf', data: makePdf('Death certificate'), contentType: 'application/pdf' },
  ]);
  const res = await injectAs(t, await sessionFor(t, reporter), 'POST', `/api/v1/estates/${w.estateId}/reports`, payload, { headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; items: { id: string }[] };
}
const staffToldNobodyMayReview = async (w: World) =>
  (await t.db.select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, w.staff.id))).some((n) => n.message.startsWith('Nobody may review'));

interface Row {
  state: EstateStatus;
  /** Who may take each step out of this state (every allowed event of core/lifecycle.ts has one). */
  whoMay: Partial<Record<EstateEvent, string>>;
  /** In the worst world: reach the state, have a permitted person take the forward step; returns the state after. */
  forward: (w: World) => Promise<EstateStatus | string>;
  to: EstateStatus;
}

const ROWS: Row[] = [
  {
    state: 'planning',
    whoMay: { report_submitted: 'anyone linked to the estate with an account: a beneficiary or a support-team member, its estate administrator included' },
    forward: async (w) => {
      // The only administrator reports: he may not review it, so the platform admins are told at once.
      await reportDeath(w, w.administrator);
      expect(await staffToldNobodyMayReview(w)).toBe(true);
      return statusOf(w.estateId);
    },
    to: 'verification_pending',
  },
  {
    state: 'verification_pending',
    whoMay: {
      proofs_verified: 'an estate administrator who did not report it, send the proof or confirm it as a trustee; when none may, one a platform admin appoints',
      proofs_rejected: 'the same people as proofs_verified',
      incapacity_verified: 'the same people as proofs_verified',
      report_withdrawn: 'the owner',
    },
    forward: async (w) => {
      const r = await reportDeath(w, w.family);
      await ok(as(w.administrator, 'POST', `/api/v1/trustee/reports/${r.id}/answer`, { answer: 'confirm' }));
      expect((await as(w.administrator, 'POST', `/api/v1/estate-admin/verifications/${r.items[0]!.id}/approve`)).statusCode).toBe(403);
      expect(await staffToldNobodyMayReview(w)).toBe(true);
      const appointed = await appoint(w);
      await ok(as(appointed, 'POST', `/api/v1/estate-admin/verifications/${r.items[0]!.id}/approve`));
      return statusOf(w.estateId);
    },
    to: 'activation_pending',
  },
  {
    state: 'activation_pending',
    whoMay: {
      activated: 'the estate administrator once the waiting period is over (or the daily sweep, on the owner’s date); when none is active, one a platform admin appoints',
      report_withdrawn: 'the owner',
    },
    forward: async (w) => {
      // Worse still: the only administrator's account was suspended. Staff appoint another.
      await setEstateStatus(t.db, w.estateId, 'activation_pending');
      await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, w.administrator.id));
      const appointed = await appoint(w);
      await ok(as(appointed, 'POST', `/api/v1/estate-admin/estates/${w.estateId}/transition`, { event: 'activated' }));
      return statusOf(w.estateId);
    },
    to: 'active',
  },
  {
    state: 'active',
    whoMay: { activation_reversed: 'the owner asks, the estate administrator proposes, a different platform admin approves (ADR 0075)' },
    forward: async (w) => {
      // The administrator also holds the platform admin role: another platform admin decides.
      await t.db.insert(userRoles).values({ userId: w.administrator.id, role: 'admin' });
      await setEstateStatus(t.db, w.estateId, 'active');
      await freezeActivationSnapshot(t.db, w.estateId, t.clock.now());
      await ok(as(w.owner, 'POST', '/api/v1/estate/activation-review'));
      const review = await ok(as(w.administrator, 'POST', `/api/v1/estate-admin/estates/${w.estateId}/activation-review/propose`, REASON));
      expect((await as(w.administrator, 'POST', `/api/v1/admin/activation-reviews/${review.json().id}/approve`, REASON)).statusCode).toBe(403);
      await ok(as(w.staff, 'POST', `/api/v1/admin/activation-reviews/${review.json().id}/approve`, REASON));
      return statusOf(w.estateId);
    },
    to: 'planning',
  },
  {
    state: 'incapacity',
    whoMay: { incapacity_ended: 'the owner (“I’m back”), a trustee, or the estate administrator' },
    forward: async (w) => {
      await setEstateStatus(t.db, w.estateId, 'incapacity');
      await ok(as(w.administrator, 'POST', `/api/v1/estate-admin/estates/${w.estateId}/transition`, { event: 'incapacity_ended' }));
      return statusOf(w.estateId);
    },
    to: 'planning',
  },
];

describe('no state in which nobody may take the next step', () => {
  it('has a row for every lifecycle state, naming who may take every step out of it', () => {
    expect(ROWS.map((r) => r.state).sort()).toEqual([...ESTATE_STATUSES].sort());
    for (const row of ROWS) expect(Object.keys(row.whoMay).sort(), row.state).toEqual(allowedEvents(row.state).map((a) => a.event).sort());
  });

  it.each(ROWS)('$state: someone permitted takes the step to $to, even with the worst overlap of roles', async ({ forward, to }) => {
    expect(await forward(await worstWorld())).toBe(to);
  });
});
