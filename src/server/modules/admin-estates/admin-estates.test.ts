import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CANDIDATES, ADMIN_ESTATES, freshEmail, insertAdmin } from '../../../../test/factories/admin.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { makePdf, multipartBody } from '../../../../test/factories/files.ts';
import { insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { invitationTokenFor } from '../../../../test/factories/planner-invitations.ts';
import { insertOwner, insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { Browser, buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { estates, supportTeamMembers } from '../../db/schema/estates.ts';
import { notifications } from '../../db/schema/messages.ts';
import { auditLog } from '../../db/schema/system.ts';

let t: TestApp;
let admin: InsertedUser;
let adminS: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertAdmin(t.db, { name: 'Priya Raman' });
  adminS = await sessionFor(t, admin);
});
afterAll(async () => t.close());

type Estate = {
  id: string;
  owner: { id: string; name: string; email: string; status: string };
  status: string;
  beneficiaries: number;
  administrator: { id: string; name: string } | null;
};
const list = async (query: string) => {
  const res = await injectAs(t, adminS, 'GET', `${ADMIN_ESTATES}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Estate[]; nextCursor: string | null };
};
const assign = (estateId: string, userId: string, s = adminS) =>
  injectAs(t, s, 'PUT', `${ADMIN_ESTATES}/${estateId}/administrator`, {
    userId,
  });
const theirEstates = async (user: InsertedUser) =>
  ((await injectAs(t, await sessionFor(t, user), 'GET', '/api/v1/estate-admin/estates')).json().items as { id: string }[]).map((e) => e.id);
const insertAdministrator = (name?: string) =>
  insertUser(t.db, {
    roles: ['estate-administrator'],
    ...(name ? { name } : {}),
  });

describe('the estates list', () => {
  it('pages 27 estates 25 then 2, newest first, with owner, status, beneficiary count and administrator — and no vault content', async () => {
    const owners: InsertedUser[] = [];
    for (let i = 0; i < 27; i++)
      owners.push(
        await insertOwner(t.db, {
          name: `Listed Owner ${String(i).padStart(2, '0')}`,
        }),
      );
    await t.db.update(estates).set({ status: 'verification_pending' }).where(eq(estates.id, owners[3]!.estateId!));
    for (let i = 0; i < 4; i++) await insertBeneficiary(t.db, owners[26]!.estateId!);
    await insertMemory(t.app.deps, owners[26]!.estateId!, {
      title: 'The secret family recipe',
      createdBy: owners[26]!.id,
    });
    const first = await list('q=listed+owner');
    expect(first.items).toHaveLength(25);
    expect(first.items[0]).toMatchObject({
      owner: {
        name: 'Listed Owner 26',
        email: owners[26]!.email,
        status: 'active',
      },
      status: 'planning',
      beneficiaries: 4,
      administrator: null,
    });
    expect(JSON.stringify(first)).not.toContain('secret family recipe');
    const second = await list(`q=listed+owner&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items.map((e) => e.owner.name)).toEqual(['Listed Owner 01', 'Listed Owner 00']);
    expect(second.nextCursor).toBeNull();
    expect((await list('q=listed+owner&status=verification_pending')).items.map((e) => e.owner.name)).toEqual(['Listed Owner 03']);
    expect((await list(`q=${encodeURIComponent(owners[5]!.email)}`)).items.map((e) => e.id)).toEqual([owners[5]!.estateId]);
  });

  it('answers 400 for a bad status or cursor', async () => {
    for (const query of ['status=dormant', 'cursor=abc', 'q=' + 'x'.repeat(101)]) {
      expect((await injectAs(t, adminS, 'GET', `${ADMIN_ESTATES}?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('Add Estate', () => {
  it('invites a new owner: the estate is listed at once with its owner invited, and the owner accepts into it', async () => {
    const email = freshEmail('new-owner');
    const res = await injectAs(t, adminS, 'POST', ADMIN_ESTATES, {
      name: 'Nora Fields',
      email,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      owner: { name: 'Nora Fields', email, status: 'invited' },
      status: 'planning',
      beneficiaries: 0,
      administrator: null,
    });
    expect((await list('q=nora+fields')).items.map((e) => e.id)).toEqual([res.json().id]);
    const token = await invitationTokenFor(t, email);
    const info = await new Browser(t).call('POST', '/api/v1/invitations/open', { token });
    expect(info.json().summary).toBe(
      'Priya Raman has invited you to plan your legacy with Heirloom. Accepting opens your own private estate, ready to set up.',
    );
    const accepted = await new Browser(t).call('POST', '/api/v1/invitations/accept', { token, name: 'Nora Fields', password: 'nora-password-1' });
    expect(accepted.json()).toMatchObject({
      redirectTo: '/estate-owner',
      user: { estateId: res.json().id },
    });
    expect((await list('q=nora+fields')).items[0]!.owner.status).toBe('active');
  });

  it('refuses an address that already has an account', async () => {
    const someone = await insertUser(t.db, {
      roles: ['beneficiary'],
      name: 'Bea Existing',
    });
    const res = await injectAs(t, adminS, 'POST', ADMIN_ESTATES, {
      name: 'Bea',
      email: someone.email,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      `${someone.email} already has an account (Bea Existing). To give them the Estate Owner role, use Edit on their row in Users.`,
    );
    expect(await t.db.select().from(estates).where(eq(estates.ownerId, someone.id))).toHaveLength(0);
  });
});

describe('Manage: assign the estate administrator', () => {
  it('the assigned administrator sees the estate; changing it ends the previous one’s access; owner and new administrator are told; audited', async () => {
    const owner = await insertOwner(t.db, { name: 'Margaret Ellis' });
    const first = await insertAdministrator('Robert Hayes');
    const second = await insertAdministrator('Sofia Lind');
    expect(await theirEstates(first)).not.toContain(owner.estateId);

    const res = await assign(owner.estateId!, first.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().administrator).toMatchObject({
      id: first.id,
      name: 'Robert Hayes',
    });
    expect(await theirEstates(first)).toContain(owner.estateId);

    const changed = await assign(owner.estateId!, second.id);
    expect(changed.json().administrator).toMatchObject({
      id: second.id,
      name: 'Sofia Lind',
    });
    expect(await theirEstates(second)).toContain(owner.estateId);
    expect(await theirEstates(first)).not.toContain(owner.estateId);
    expect((await injectAs(t, await sessionFor(t, first), 'GET', `/api/v1/estate-admin/estates/${owner.estateId}`)).statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(supportTeamMembers)
      .where(and(eq(supportTeamMembers.estateId, owner.estateId!), eq(supportTeamMembers.role, 'estate-administrator')));
    expect(rows.map((r) => r.userId)).toEqual([second.id]);

    const told = async (userId: string) => (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);
    expect(await told(second.id)).toEqual(["You are now the estate administrator of Margaret Ellis's estate"]);
    expect(await told(owner.id)).toEqual([
      'Robert Hayes is now the estate administrator on your support team',
      'Sofia Lind is now the estate administrator on your support team',
    ]);
    expect(await told(first.id)).toContain("You are no longer the estate administrator of Margaret Ellis's estate");
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.estate_administrator_assigned'), eq(auditLog.estateId, owner.estateId!)));
    expect(entries.map((e) => e.details)).toEqual([
      { from: [], to: first.id, appointmentsCancelled: 0 },
      { from: [first.id], to: second.id, appointmentsCancelled: 0 },
    ]);
    const again = await assign(owner.estateId!, second.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Sofia Lind already administers this estate.');
  });

  it('an administrator is not replaced while a report is open; a new one (when none is left) takes over its open verification items', async () => {
    const f = await insertEstateWithTeam(t.db, { name: 'Walter Brook' });
    const { payload, headers } = multipartBody([
      {
        name: 'data',
        value: JSON.stringify({
          event: 'death',
          relationship: 'Daughter',
          eventDate: '2026-11-20',
        }),
      },
      {
        name: 'death_certificate',
        filename: 'certificate.pdf',
        data: makePdf('Death certificate'),
        contentType: 'application/pdf',
      },
    ]);
    const reported = await injectAs(t, await sessionFor(t, f.reporter), 'POST', `/api/v1/estates/${f.owner.estateId}/reports`, payload, { headers });
    expect(reported.statusCode, reported.body).toBe(201);
    const next = await insertAdministrator('Nadia Novak');
    // While the report is open the owner's administrator stays (ADR 0076): 409, nothing changes.
    const replace = await assign(f.owner.estateId!, next.id);
    expect(replace.statusCode).toBe(409);
    expect(replace.json().error.message).toBe('A report about this estate’s owner is open, so its administrator cannot be replaced until the report is settled.');
    expect(await theirEstates(f.administrator)).toContain(f.owner.estateId);
    expect(await theirEstates(next)).not.toContain(f.owner.estateId);
    // With no administrator left (their account was removed), a new one may be assigned and takes over.
    await t.db.delete(supportTeamMembers).where(eq(supportTeamMembers.userId, f.administrator.id));
    expect((await assign(f.owner.estateId!, next.id)).statusCode).toBe(200);
    const pending = async (who: InsertedUser) =>
      injectAs(t, await sessionFor(t, who), 'GET', `/api/v1/estate-admin/verifications?status=pending&estateId=${f.owner.estateId}`);
    expect((await pending(next)).json().items).toHaveLength(1);
    const before = await pending(f.administrator);
    expect(before.statusCode === 404 || before.json().items.length === 0).toBe(true);
  });

  it('refuses a user without the estate administrator role (400), a suspended one, the owner, and unknown ids', async () => {
    const owner = await insertOwner(t.db);
    const planner = await insertUser(t.db, {
      roles: ['legacy-planner'],
      name: 'Pat Planner',
    });
    const noRole = await assign(owner.estateId!, planner.id);
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().error.message).toBe('Pat Planner does not have the Estate Administrator role. Give it to them in Users first.');
    const away = await insertUser(t.db, {
      roles: ['estate-administrator'],
      status: 'suspended',
      name: 'Sid Away',
    });
    expect((await assign(owner.estateId!, away.id)).json().error.message).toBe("Sid Away's account is suspended, so they cannot administer an estate.");
    const both = await insertUser(t.db, {
      roles: ['estate-owner', 'estate-administrator'],
    });
    expect((await assign(both.estateId!, both.id)).statusCode).toBe(400);
    expect((await assign(owner.estateId!, crypto.randomUUID())).statusCode).toBe(400);
    expect((await assign(crypto.randomUUID(), (await insertAdministrator()).id)).statusCode).toBe(404);
    expect((await injectAs(t, adminS, 'PUT', `${ADMIN_ESTATES}/${owner.estateId}/administrator`, { userId: 'nope' })).statusCode).toBe(400);
    expect(await t.db.select().from(supportTeamMembers).where(eq(supportTeamMembers.estateId, owner.estateId!))).toHaveLength(0);
  });

  it('an admin cannot make themselves an estate’s administrator (403), and is not offered as a candidate', async () => {
    const owner = await insertOwner(t.db);
    const both = await insertUser(t.db, { roles: ['admin', 'estate-administrator'], name: 'Quincy Both' });
    const bothS = await sessionFor(t, both);
    const self = await assign(owner.estateId!, both.id, bothS);
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe('You cannot make yourself the administrator of an estate. Ask another administrator to choose someone.');
    expect(await t.db.select().from(supportTeamMembers).where(eq(supportTeamMembers.estateId, owner.estateId!))).toHaveLength(0);
    expect((await injectAs(t, bothS, 'GET', `${ADMIN_CANDIDATES}?q=quincy`)).json().items).toEqual([]);
    // another admin may choose them
    expect((await injectAs(t, adminS, 'GET', `${ADMIN_CANDIDATES}?q=quincy`)).json().items).toHaveLength(1);
    expect((await assign(owner.estateId!, both.id)).statusCode).toBe(200);
  });

  it('two admins assigning at once leave exactly one administrator', async () => {
    const owner = await insertOwner(t.db);
    const other = await insertAdmin(t.db);
    const [x, y] = [await insertAdministrator(), await insertAdministrator()];
    const results = await Promise.all([assign(owner.estateId!, x.id), assign(owner.estateId!, y.id, await sessionFor(t, other))]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await t.db
      .select()
      .from(supportTeamMembers)
      .where(and(eq(supportTeamMembers.estateId, owner.estateId!), eq(supportTeamMembers.role, 'estate-administrator')));
    expect(rows).toHaveLength(1);
  });

  it('lists only active users with the role as candidates, searchable', async () => {
    const candidate = await insertAdministrator('Quentin Candidate');
    await insertUser(t.db, {
      roles: ['estate-administrator'],
      status: 'suspended',
      name: 'Quentin Suspended',
    });
    await insertUser(t.db, {
      roles: ['legacy-planner'],
      name: 'Quentin Planner',
    });
    const res = await injectAs(t, adminS, 'GET', `${ADMIN_CANDIDATES}?q=quentin`);
    expect(res.json().items).toEqual([{ id: candidate.id, name: 'Quentin Candidate', email: candidate.email }]);
  });
});
