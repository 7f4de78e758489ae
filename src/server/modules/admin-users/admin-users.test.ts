import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USERS, freshEmail, insertAdmin } from '../../../../test/factories/admin.ts';
import { invitationTokenFor } from '../../../../test/factories/planner-invitations.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { Browser, buildTestApp, emailsTo, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { ROLES, type Role } from '../../../core/roles.ts';
import { estates } from '../../db/schema/estates.ts';
import { notifications } from '../../db/schema/messages.ts';
import { auditLog } from '../../db/schema/system.ts';
import { sessions, userRoles, users } from '../../db/schema/users.ts';
import { zCursor } from '../../../core/keyset.schemas.ts';

let t: TestApp;
let admin: InsertedUser;
let adminS: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertAdmin(t.db, { name: 'Priya Raman' });
  adminS = await sessionFor(t, admin);
});
afterAll(async () => t.close());

type Page = {
  items: {
    id: string;
    name: string;
    email: string;
    roles: Role[];
    status: string;
    isDemo: boolean;
  }[];
  nextCursor: string | null;
};
const list = async (query: string, s: TestSession = adminS) => {
  const res = await injectAs(t, s, 'GET', `${ADMIN_USERS}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const signIn = (email: string, password: string) => new Browser(t).call('POST', '/api/v1/auth/sign-in', { email, password });
const auditOf = (action: string, targetId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

describe('who may manage users', () => {
  it('refuses every admin user and estate endpoint to each other role with 403', async () => {
    const routes = t.app.guardedRoutes.filter((r) => r.url.startsWith('/api/v1/admin/users') || r.url.startsWith('/api/v1/admin/estate'));
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/v1/admin/estate-administrators',
      'GET /api/v1/admin/estates',
      'GET /api/v1/admin/users',
      'PATCH /api/v1/admin/users/:id',
      'POST /api/v1/admin/estates',
      'POST /api/v1/admin/users',
      'POST /api/v1/admin/users/:id/reset-two-factor',
      'PUT /api/v1/admin/estates/:id/administrator',
    ]);
    const target = await insertUser(t.db, { roles: ['beneficiary'] });
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const s = await sessionFor(t, await insertUser(t.db, { roles: [role] }));
      for (const route of routes) {
        const url = route.url.replace(':id', target.id);
        const res = await injectAs(
          t,
          s,
          route.method as 'GET',
          url,
          route.method === 'GET'
            ? undefined
            : {
                roles: ['admin'],
                status: 'suspended',
                email: freshEmail(),
                name: 'X',
                role: 'admin',
                userId: s.userId,
              },
        );
        expect(res.statusCode, `${role}: ${route.method} ${url}`).toBe(403);
      }
    }
    const [after] = await t.db.select({ status: users.status }).from(users).where(eq(users.id, target.id));
    expect(after!.status).toBe('active');
  });
});

describe('the users list', () => {
  it('pages 30 matching users 25 then 5, newest first, without repeats — also across rows created in the same microsecond', async () => {
    const same = new Date('2026-01-15T10:00:00.123456Z');
    for (let i = 0; i < 20; i++)
      await insertUser(t.db, {
        name: `Pager Person ${String(i).padStart(2, '0')}`,
        roles: ['beneficiary'],
      });
    // ten created at exactly the same instant: only the id orders them
    for (let i = 20; i < 30; i++)
      await insertUser(t.db, {
        name: `Pager Person ${i}`,
        roles: ['beneficiary'],
        createdAt: same,
      });
    const first = await list('q=pager+person');
    expect(first.items).toHaveLength(25);
    // The cursor holds the last row's time to the microsecond (a JavaScript Date would drop them) and its id.
    expect(zCursor(['instant', 'id']).parse(first.nextCursor)).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), first.items.at(-1)!.id]);
    const second = await list(`q=pager+person&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const names = [...first.items, ...second.items].map((u) => u.name);
    expect(new Set(names).size).toBe(30);
    // the twenty created one by one today come before the ten of January
    expect(names.slice(0, 20).every((n) => Number(n.slice(-2)) < 20)).toBe(true);
    expect(names.slice(20).every((n) => Number(n.slice(-2)) >= 20)).toBe(true);
  });

  it('searches name or email in the database, taking % and _ literally', async () => {
    const who = await insertUser(t.db, {
      name: 'Ottoline Searchable',
      email: freshEmail('ottoline'),
    });
    await insertUser(t.db, { name: '100% Percent Person' });
    expect((await list('q=ottoline+search')).items.map((u) => u.id)).toEqual([who.id]);
    expect((await list(`q=${encodeURIComponent(who.email.slice(0, 14).toUpperCase())}`)).items.map((u) => u.id)).toEqual([who.id]);
    expect((await list('q=%25')).items.map((u) => u.name)).toEqual(['100% Percent Person']);
    await insertUser(t.db, { name: 'Qzanna Bxlee', email: freshEmail('ab') });
    await insertUser(t.db, { name: 'Qzanna_Blee', email: freshEmail('ab') });
    expect((await list('q=qzanna_b')).items.map((u) => u.name)).toEqual(['Qzanna_Blee']);
  });

  it('filters by role and by status in SQL, and marks demo accounts', async () => {
    for (let i = 0; i < 3; i++)
      await insertUser(t.db, {
        name: `Filter Planner ${i}`,
        roles: ['legacy-planner'],
      });
    await insertUser(t.db, {
      name: 'Filter Planner Away',
      roles: ['legacy-planner', 'beneficiary'],
      status: 'suspended',
    });
    await insertUser(t.db, {
      name: 'Filter Owner Away',
      roles: ['estate-owner'],
      status: 'suspended',
    });
    await insertUser(t.db, {
      name: 'Filter Demo Person',
      roles: ['beneficiary'],
      isDemo: true,
    });
    expect((await list('q=filter&role=legacy-planner')).items).toHaveLength(4);
    expect((await list('q=filter&role=legacy-planner&status=active')).items).toHaveLength(3);
    expect((await list('q=filter&status=suspended')).items.map((u) => u.name).sort()).toEqual(['Filter Owner Away', 'Filter Planner Away']);
    const [demo] = (await list('q=filter+demo')).items;
    expect(demo).toMatchObject({
      isDemo: true,
      roles: ['beneficiary'],
      status: 'active',
    });
    const [both] = (await list('q=filter+planner+away')).items;
    expect(both!.roles).toEqual(['legacy-planner', 'beneficiary']);
  });

  it('answers 400 with a message for a bad cursor, role or status', async () => {
    for (const query of ['cursor=2026-01-01|nope', 'role=owner', 'status=deleted', 'limit=1000']) {
      const res = await injectAs(t, adminS, 'GET', `${ADMIN_USERS}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
  });
});

describe('Add User', () => {
  it('invites by email with a staff role; the invitee sets name and password through the link and gets that role', async () => {
    const email = freshEmail('robin');
    const res = await injectAs(t, adminS, 'POST', ADMIN_USERS, {
      name: 'Robin Hale',
      email: email.toUpperCase(),
      role: 'estate-administrator',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Robin Hale',
      email,
      roles: ['estate-administrator'],
      status: 'invited',
      lastActiveAt: null,
    });
    expect(res.json().invitationExpiresAt).toBeTruthy();
    expect((await list('status=invited&q=robin+hale')).items.map((u) => u.email)).toEqual([email]);
    // invited: no password, cannot sign in
    expect((await signIn(email, 'anything-at-all-1')).statusCode).toBe(401);

    const [mail] = await emailsTo(t, email);
    expect(mail!.text).toContain('as an Estate Administrator');
    const token = await invitationTokenFor(t, email);
    const browser = new Browser(t);
    const info = await browser.call('POST', '/api/v1/invitations/open', { token });
    expect(info.json()).toMatchObject({
      kind: 'staff',
      role: 'estate-administrator',
      roleLabel: 'Estate Administrator',
      accountExists: false,
      suggestedName: 'Robin Hale',
    });
    expect(info.json().summary).toContain('Priya Raman has invited you to join Heirloom as an Estate Administrator');
    const accepted = await browser.call('POST', '/api/v1/invitations/accept', { token, name: 'Robin Hale-Ward', password: 'a-long-new-password' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      redirectTo: '/estate-administrator',
      user: { email, name: 'Robin Hale-Ward', roles: ['estate-administrator'] },
    });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ status: 'active', name: 'Robin Hale-Ward' });
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect((await browser.call('GET', '/api/v1/auth/session')).json().user.email).toBe(email);
    expect((await signIn(email, 'a-long-new-password')).statusCode).toBe(200);
    // the link works once
    expect((await new Browser(t).call('POST', '/api/v1/invitations/accept', { token, name: 'X', password: 'another-password-1' })).statusCode).toBe(410);
    const [told] = await t.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(told!.message).toBe('Robin Hale-Ward accepted your invitation and joined as an Estate Administrator');
    expect(await auditOf('admin.user_invited', row!.id)).toHaveLength(1);
  });

  it('an invited estate owner gets their estate (listed at once) and lands in the owner area', async () => {
    const email = freshEmail('owner');
    const res = await injectAs(t, adminS, 'POST', ADMIN_USERS, {
      name: 'Olive Marsh',
      email,
      role: 'estate-owner',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [estate] = await t.db.select().from(estates).where(eq(estates.ownerId, res.json().id));
    expect(estate!.status).toBe('planning');
    const accepted = await new Browser(t).call('POST', '/api/v1/invitations/accept', {
      token: await invitationTokenFor(t, email),
      name: 'Olive Marsh',
      password: 'olive-password-1',
    });
    expect(accepted.json()).toMatchObject({
      redirectTo: '/estate-owner',
      user: { estateId: estate!.id, roles: ['estate-owner'] },
    });
  });

  it('refuses an address that has an account, or an open invitation, with a clear message and no second email', async () => {
    const existing = await insertUser(t.db, {
      name: 'Already Here',
      roles: ['beneficiary'],
    });
    const taken = await injectAs(t, adminS, 'POST', ADMIN_USERS, {
      name: 'Someone',
      email: existing.email,
      role: 'admin',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(
      `${existing.email} already has an account (Already Here). To give them the Administrator role, use Edit on their row in Users.`,
    );
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, existing.id))).toHaveLength(1);

    const email = freshEmail('twice');
    expect(
      (
        await injectAs(t, adminS, 'POST', ADMIN_USERS, {
          name: 'Twice Asked',
          email,
          role: 'legacy-planner',
        })
      ).statusCode,
    ).toBe(201);
    const again = await injectAs(t, adminS, 'POST', ADMIN_USERS, {
      name: 'Twice Asked',
      email,
      role: 'legacy-planner',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(
      new RegExp(`^${email.replace('.', '\\.')} has already been invited; the invitation is open until \\d+ \\w+ \\d{4}\\. To change their role, use Edit\\.$`),
    );
    expect(await emailsTo(t, email)).toHaveLength(1);
  });

  it('sends one invitation when the same address is added twice at once', async () => {
    const email = freshEmail('race');
    const results = await Promise.all(
      [0, 1].map(() =>
        injectAs(t, adminS, 'POST', ADMIN_USERS, {
          name: 'Race Person',
          email,
          role: 'beneficiary',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await emailsTo(t, email)).toHaveLength(1);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('after the link expired, adding the address again sends a new link and the old one stops working', async () => {
    const email = freshEmail('late');
    await injectAs(t, adminS, 'POST', ADMIN_USERS, {
      name: 'Late Person',
      email,
      role: 'legacy-planner',
    });
    const oldToken = await invitationTokenFor(t, email);
    t.clock.advance(15 * 24 * 3600_000);
    try {
      const res = await injectAs(t, await sessionFor(t, admin), 'POST', ADMIN_USERS, { name: 'Late Person', email, role: 'legacy-planner' });
      expect(res.statusCode, res.body).toBe(201);
      expect(await emailsTo(t, email)).toHaveLength(2);
      expect((await new Browser(t).call('POST', '/api/v1/invitations/open', { token: oldToken })).statusCode).toBe(410);
      expect((await new Browser(t).call('POST', '/api/v1/invitations/open', { token: await invitationTokenFor(t, email) })).statusCode).toBe(200);
    } finally {
      t.clock.advance(-15 * 24 * 3600_000);
    }
  });

  it('answers 400 for a bad email, an unknown role or a missing name', async () => {
    for (const body of [
      { name: 'X', email: 'not-an-email', role: 'admin' },
      { name: 'X', email: freshEmail(), role: 'superuser' },
      { name: ' ', email: freshEmail(), role: 'admin' },
    ]) {
      const res = await injectAs(t, adminS, 'POST', ADMIN_USERS, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('Edit: suspend and reactivate', () => {
  it('suspending ends every session at once; the user cannot sign in; a session made a moment before is refused too', async () => {
    const user = await insertUser(t.db, {
      name: 'Sam Suspend',
      roles: ['legacy-planner'],
    });
    const s1 = await sessionFor(t, user);
    const s2 = await sessionFor(t, user);
    expect((await injectAs(t, s1, 'GET', '/api/v1/auth/session')).json().user.id).toBe(user.id);
    const res = await injectAs(t, adminS, 'PATCH', `${ADMIN_USERS}/${user.id}`, { status: 'suspended' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'suspended',
      roles: ['legacy-planner'],
    });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    for (const s of [s1, s2]) expect((await injectAs(t, s, 'GET', '/api/v1/planner/invitations')).statusCode).toBe(401);
    // a session row that appears after the suspension (a sign-in racing it) is refused on its first request
    const late = await sessionFor(t, user);
    expect((await injectAs(t, late, 'GET', '/api/v1/planner/invitations')).statusCode).toBe(401);
    const refused = await signIn(user.email, user.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('This account is suspended. Contact the platform administrator.');
    const [entry] = await auditOf('admin.user_suspended', user.id);
    expect(entry).toMatchObject({
      actorUserId: admin.id,
      details: { from: 'active', to: 'suspended', sessionsEnded: 2 },
    });

    const back = await injectAs(t, adminS, 'PATCH', `${ADMIN_USERS}/${user.id}`, { status: 'active' });
    expect(back.json().status).toBe('active');
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    expect(await auditOf('admin.user_reactivated', user.id)).toHaveLength(1);
  });

  it('changes roles (at least one), audits old → new, gives a new estate owner an estate, and keeps the role of one who owns an estate', async () => {
    const user = await insertUser(t.db, { roles: ['beneficiary'] });
    const res = await injectAs(t, adminS, 'PATCH', `${ADMIN_USERS}/${user.id}`, { roles: ['legacy-planner', 'estate-owner'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().roles).toEqual(['legacy-planner', 'estate-owner']);
    const [estate] = await t.db.select().from(estates).where(eq(estates.ownerId, user.id));
    expect(estate).toBeTruthy();
    const [entry] = await auditOf('admin.user_roles_changed', user.id);
    expect(entry!.details).toEqual({
      from: ['beneficiary'],
      added: ['legacy-planner', 'estate-owner'],
      removed: ['beneficiary'],
    });

    const keep = await injectAs(t, adminS, 'PATCH', `${ADMIN_USERS}/${user.id}`, { roles: ['legacy-planner'] });
    expect(keep.statusCode).toBe(400);
    expect(keep.json().error.message).toBe(`${user.name} owns an estate, so the Estate Owner role stays while it exists.`);
    for (const body of [{ roles: [] }, { roles: ['wizard'] }, { status: 'invited' }, { status: 'deleted' }, {}, { roles: ['admin', 'admin'] }]) {
      const bad = await injectAs(t, adminS, 'PATCH', `${ADMIN_USERS}/${user.id}`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().error.message).toBeTruthy();
    }
    expect((await injectAs(t, adminS, 'PATCH', `${ADMIN_USERS}/${crypto.randomUUID()}`, { status: 'suspended' })).statusCode).toBe(404);
  });

  it('will not set the status of someone who has not accepted their invitation yet', async () => {
    const email = freshEmail('pending');
    const invited = (
      await injectAs(t, adminS, 'POST', ADMIN_USERS, {
        name: 'Pending Person',
        email,
        role: 'beneficiary',
      })
    ).json();
    const res = await injectAs(t, adminS, 'PATCH', `${ADMIN_USERS}/${invited.id}`, { status: 'active' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Pending Person has not accepted the invitation yet; the account becomes active when they do.');
    // the role can change before they accept, and they get the new one
    expect(
      (
        await injectAs(t, adminS, 'PATCH', `${ADMIN_USERS}/${invited.id}`, {
          roles: ['legacy-planner'],
        })
      ).json().roles,
    ).toEqual(['legacy-planner']);
    const accepted = await new Browser(t).call('POST', '/api/v1/invitations/accept', {
      token: await invitationTokenFor(t, email),
      name: 'Pending Person',
      password: 'pending-password-1',
    });
    expect(accepted.json()).toMatchObject({
      redirectTo: '/legacy-planner',
      user: { roles: ['legacy-planner'] },
    });
  });

  it('nobody changes their own roles or status: 403 in plain words, nothing changes (ADR 0076)', async () => {
    for (const body of [{ status: 'suspended' }, { roles: ['estate-administrator'] }, { roles: ['admin', 'estate-administrator'] }, { roles: ['admin'], status: 'active' }]) {
      const self = await injectAs(t, adminS, 'PATCH', `${ADMIN_USERS}/${admin.id}`, body);
      expect(self.statusCode, JSON.stringify(body)).toBe(403);
      expect(self.json().error.message).toBe('You cannot change your own roles or status. Ask another administrator to do it.');
    }
    const roles = await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, admin.id));
    expect(roles.map((r) => r.role)).toEqual(['admin']);
    expect(await auditOf('admin.user_roles_changed', admin.id)).toHaveLength(0);
  });

  it('a grant of admin or estate-administrator powers by another admin is audited and told to the person and every other admin', async () => {
    const colleague = await insertAdmin(t.db, { name: 'Olu Okafor' });
    const grantee = await insertUser(t.db, { roles: ['beneficiary'], name: 'Gina Grant' });
    const res = await injectAs(t, adminS, 'PATCH', `${ADMIN_USERS}/${grantee.id}`, { roles: ['beneficiary', 'estate-administrator', 'admin'] });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await auditOf('admin.user_roles_changed', grantee.id);
    expect(entry).toMatchObject({ actorUserId: admin.id, details: { from: ['beneficiary'], added: ['estate-administrator', 'admin'], removed: [] } });
    const told = async (userId: string) => (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => [n.type, n.message]);
    expect(await told(grantee.id)).toEqual([
      ['security', 'Priya Raman gave you the Estate Administrator and Administrator roles. If you did not expect this, tell another administrator.'],
    ]);
    expect(await told(colleague.id)).toContainEqual(['security', 'Priya Raman gave Gina Grant the Estate Administrator and Administrator roles. If this was not agreed, review it in Users.']);
    // the granting admin is not told what they did; a role without staff powers tells nobody
    expect((await told(admin.id)).filter(([, m]) => m?.includes('Gina Grant'))).toEqual([]);
    const planner = await insertUser(t.db, { roles: ['beneficiary'], name: 'Pia Planner' });
    expect((await injectAs(t, adminS, 'PATCH', `${ADMIN_USERS}/${planner.id}`, { roles: ['legacy-planner'] })).statusCode).toBe(200);
    expect(await told(planner.id)).toEqual([]);
    expect((await told(colleague.id)).filter(([, m]) => m?.includes('Pia Planner'))).toEqual([]);
  });

  it('inviting a new admin tells every other admin', async () => {
    const colleague = await insertAdmin(t.db, { name: 'Ines Ito' });
    const res = await injectAs(t, adminS, 'POST', ADMIN_USERS, { name: 'New Boss', email: freshEmail('boss'), role: 'admin' });
    expect(res.statusCode, res.body).toBe(201);
    const messages = (await t.db.select().from(notifications).where(eq(notifications.userId, colleague.id))).map((n) => n.message);
    expect(messages).toContain('Priya Raman gave New Boss the Administrator role. If this was not agreed, review it in Users.');
  });
});

describe('the last admin guard', () => {
  async function twoAdmins() {
    // a platform of its own, so the admins above do not count
    const app = await buildTestApp();
    const a = await insertAdmin(app.db, { name: 'Ada Admin' });
    const b = await insertAdmin(app.db, { name: 'Ben Admin' });
    return {
      app,
      a,
      b,
      aS: await sessionFor(app, a),
      bS: await sessionFor(app, b),
    };
  }
  const activeAdmins = async (app: TestApp) =>
    (
      await app.db
        .select({ id: users.id })
        .from(users)
        .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin')))
        .where(eq(users.status, 'active'))
    ).length;

  it('two admins suspending each other at once leave one active admin', async () => {
    const { app, a, b, aS, bS } = await twoAdmins();
    try {
      const [x, y] = await Promise.all([
        injectAs(app, aS, 'PATCH', `${ADMIN_USERS}/${b.id}`, {
          status: 'suspended',
        }),
        injectAs(app, bS, 'PATCH', `${ADMIN_USERS}/${a.id}`, {
          status: 'suspended',
        }),
      ]);
      const codes = [x.statusCode, y.statusCode].sort();
      // one wins; the other is refused as the last admin (409) — or, had it come second, its own session is already gone (401)
      expect(codes[0]).toBe(200);
      expect([401, 409]).toContain(codes[1]);
      expect(await activeAdmins(app)).toBe(1);
      const refused = [x, y].find((r) => r.statusCode === 409);
      if (refused)
        expect(refused.json().error.message).toMatch(
          /^(Ada|Ben) Admin is the last active administrator: the platform needs one\. Make someone else an administrator first\.$/,
        );
    } finally {
      await app.close();
    }
  });

  it('removing each other’s admin role at once, or one suspends while the other demotes, leaves one active admin', async () => {
    for (const [first, second] of [
      [{ roles: ['estate-administrator'] }, { roles: ['estate-administrator'] }],
      [{ status: 'suspended' }, { roles: ['legacy-planner'] }],
    ]) {
      const { app, a, b, aS, bS } = await twoAdmins();
      try {
        const results = await Promise.all([
          injectAs(app, aS, 'PATCH', `${ADMIN_USERS}/${b.id}`, first),
          injectAs(app, bS, 'PATCH', `${ADMIN_USERS}/${a.id}`, second),
        ]);
        expect(
          results.filter((r) => r.statusCode === 200),
          results.map((r) => r.body).join(),
        ).toHaveLength(1);
        // the other is refused as the last admin (409) — or, had it come second, its actor is already suspended (401) or no admin (403)
        const loser = results.find((r) => r.statusCode !== 200)!;
        expect([401, 403, 409], loser.body).toContain(loser.statusCode);
        expect(await activeAdmins(app)).toBe(1);
      } finally {
        await app.close();
      }
    }
  });

  it('the last admin cannot be demoted or suspended by another account that still holds the admin role but is not active… (sequential form)', async () => {
    const { app, a, b, aS } = await twoAdmins();
    try {
      // b is suspended: a is now the only active admin
      expect(
        (
          await injectAs(app, aS, 'PATCH', `${ADMIN_USERS}/${b.id}`, {
            status: 'suspended',
          })
        ).statusCode,
      ).toBe(200);
      // a third admin appears and then tries to take a's role while being demoted by a first: the guard counts only active admins
      const c = await insertAdmin(app.db, { name: 'Cal Admin' });
      const cS = await sessionFor(app, c);
      expect(
        (
          await injectAs(app, aS, 'PATCH', `${ADMIN_USERS}/${c.id}`, {
            roles: ['beneficiary'],
          })
        ).statusCode,
      ).toBe(200);
      // c lost the role: their session cannot reach admin routes any more
      expect(
        (
          await injectAs(app, cS, 'PATCH', `${ADMIN_USERS}/${a.id}`, {
            status: 'suspended',
          })
        ).statusCode,
      ).toBe(403);
      expect(await activeAdmins(app)).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describe('Reset two-factor', () => {
  it('clears the secret, the pending secret and the recovery codes, audits it and emails the user', async () => {
    const user = await insertUser(t.db, {
      name: 'Tess Totp',
      roles: ['estate-owner'],
    });
    await t.db
      .update(users)
      .set({
        totpSecretEnc: 'enc-secret',
        totpPendingSecretEnc: 'enc-pending',
        totpEnabledAt: new Date(),
        totpLastStep: 12345,
        recoveryCodeHashes: ['h1', 'h2'],
      })
      .where(eq(users.id, user.id));
    expect((await list('q=tess+totp')).items[0]).toMatchObject({
      twoFactorEnabled: true,
    });
    const res = await injectAs(t, adminS, 'POST', `${ADMIN_USERS}/${user.id}/reset-two-factor`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().twoFactorEnabled).toBe(false);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      totpSecretEnc: null,
      totpPendingSecretEnc: null,
      totpEnabledAt: null,
      totpLastStep: null,
      recoveryCodeHashes: [],
    });
    const [mail] = await emailsTo(t, user.email);
    expect(mail).toMatchObject({
      subject: 'Heirloom: your two-factor authentication was reset',
      kind: 'two-factor-reset',
    });
    expect(mail!.text).toContain('set two-factor authentication up again');
    const [entry] = await auditOf('admin.two_factor_reset', user.id);
    expect(entry).toMatchObject({ actorUserId: admin.id, details: {} });
    // signing in now needs the password only
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);

    const again = await injectAs(t, adminS, 'POST', `${ADMIN_USERS}/${user.id}/reset-two-factor`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Tess Totp has not set up two-factor authentication, so there is nothing to reset.');
    expect(await emailsTo(t, user.email)).toHaveLength(1);
  });
});
