import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SEND_LIMITS } from '../../../../test/send-limits.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { supportTeamMembers } from '../../db/schema/estates.ts';
import { notifications } from '../../db/schema/messages.ts';
import { outboxEmails } from '../../db/schema/system.ts';
import { userSettings } from '../../db/schema/users.ts';
import { insertAppointment } from '../../../../test/factories/appointments.ts';
import { insertSupportMember } from '../../../../test/factories/estates.ts';
import { insertInvitation } from '../../../../test/factories/invitations.ts';
import { insertOwner, insertUser } from '../../../../test/factories/users.ts';
import { injectAs, sessionFor, useTwoOwners } from '../../../../test/helpers.ts';

const { t, owner, ownerS, other, otherS } = useTwoOwners({ name: 'Margaret Ellis' });

const unique = (name: string) => `${name}.${Math.random().toString(36).slice(2)}@example.com`;

async function planner(visibility?: string) {
  const user = await insertUser(t.db, { roles: ['legacy-planner'] });
  if (visibility) await t.db.insert(userSettings).values({ userId: user.id, data: { plannerVisibility: visibility } });
  return user;
}

describe('invite by email', () => {
  it('adds a pending legacy planner or estate administrator and emails the invitation', async () => {
    const email = unique('robert');
    const res = await injectAs(t, ownerS, 'POST', '/api/v1/support-team', {
      role: 'estate-administrator',
      name: 'Robert Hayes',
      email,
      phone: '+1 (555) 730-5521',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'estate-administrator', roleLabel: 'Estate Administrator', status: 'invited', initials: 'RH' });
    const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(mail?.kind).toBe('invitation');
    expect(mail?.text).toContain('an Estate Administrator on their support team');
    const list = (await injectAs(t, ownerS, 'GET', '/api/v1/support-team')).json().members;
    expect(list.map((m: { email: string }) => m.email)).toContain(email);
  });

  it('refuses a bad email, a role outside the support team and a duplicate', async () => {
    const bad = await injectAs(t, ownerS, 'POST', '/api/v1/support-team', { role: 'admin', name: 'X', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['role', 'email']));
    expect((await injectAs(t, ownerS, 'POST', '/api/v1/support-team', { role: 'legacy-planner', name: 'Me', email: owner.email })).statusCode).toBe(400);
    const body = { role: 'legacy-planner', name: 'Ann Lee', email: unique('ann') };
    expect((await injectAs(t, ownerS, 'POST', '/api/v1/support-team', body)).statusCode).toBe(201);
    expect((await injectAs(t, ownerS, 'POST', '/api/v1/support-team', body)).statusCode).toBe(409);
  });

  it('resends a pending invitation and refuses to for someone who joined', async () => {
    const pending = await insertSupportMember(t.db, owner.estateId!);
    expect((await injectAs(t, ownerS, 'POST', `/api/v1/support-team/${pending.id}/invitation`)).statusCode).toBe(200);
    const joined = await insertSupportMember(t.db, owner.estateId!, { userId: owner.id, acceptedAt: new Date() });
    expect((await injectAs(t, ownerS, 'POST', `/api/v1/support-team/${joined.id}/invitation`)).statusCode).toBe(409);
  });
});

describe('from planners whose profile is visible', () => {
  it('lists only Public planners (Private is the default; Clients Only is not listed)', async () => {
    const pub = await planner('Public');
    const priv = await planner('Private');
    const clients = await planner('Clients Only');
    const unset = await planner();
    const res = await injectAs(t, ownerS, 'GET', '/api/v1/support-team/available-planners');
    expect(res.statusCode).toBe(200);
    const ids = res.json().planners.map((p: { id: string }) => p.id);
    expect(ids).toContain(pub.id);
    for (const hidden of [priv, clients, unset]) expect(ids).not.toContain(hidden.id);
  });

  it('adds a Public planner at once, tells them, and marks them as on the team', async () => {
    const pub = await planner('Public');
    const res = await injectAs(t, ownerS, 'POST', '/api/v1/support-team/planners', { plannerId: pub.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'legacy-planner', status: 'active', email: pub.email });
    const [mail] = await t.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, pub.email), eq(outboxEmails.kind, 'support-team-added')));
    expect(mail?.subject).toBe("Heirloom: you have been added to a member's support team");
    expect(mail?.text).toContain('a member who gave their name as “Margaret Ellis”');
    expect((await t.db.select().from(notifications).where(eq(notifications.userId, pub.id))).length).toBe(1);
    const list = (await injectAs(t, ownerS, 'GET', '/api/v1/support-team/available-planners')).json().planners;
    expect(list.find((p: { id: string }) => p.id === pub.id)?.onTeam).toBe(true);
    expect((await injectAs(t, ownerS, 'POST', '/api/v1/support-team/planners', { plannerId: pub.id })).statusCode).toBe(409);
  });

  it('answers 404 for a Private planner or a user who is not a planner', async () => {
    const priv = await planner('Private');
    expect((await injectAs(t, ownerS, 'POST', '/api/v1/support-team/planners', { plannerId: priv.id })).statusCode).toBe(404);
    expect((await injectAs(t, ownerS, 'POST', '/api/v1/support-team/planners', { plannerId: other.id })).statusCode).toBe(404);
    expect((await injectAs(t, ownerS, 'POST', '/api/v1/support-team/planners', { plannerId: 'x' })).statusCode).toBe(400);
  });
});

describe('remove', () => {
  it('removes a member, cancels upcoming appointments with them and tells them', async () => {
    const user = await insertUser(t.db, { roles: ['legacy-planner'] });
    const member = await insertSupportMember(t.db, owner.estateId!, { role: 'legacy-planner', userId: user.id, acceptedAt: new Date() });
    const appt = await insertAppointment(t.db, {
      requestedBy: owner.id,
      estateId: owner.estateId,
      supportMemberId: member.id,
      attendeeUserId: user.id,
      attendeeName: member.name,
      status: 'confirmed',
    });
    const res = await injectAs(t, ownerS, 'DELETE', `/api/v1/support-team/${member.id}`);
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(supportTeamMembers).where(eq(supportTeamMembers.id, member.id))).toHaveLength(0);
    const [a] = await t.db.select().from(appointments).where(eq(appointments.id, appt.id));
    expect(a?.status).toBe('cancelled');
    expect((await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).length).toBe(1);
  });

  it('answers 404 for another owner’s member and leaves it alone', async () => {
    const theirs = await insertSupportMember(t.db, other.estateId!);
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/support-team/${theirs.id}`)).statusCode).toBe(404);
    expect((await injectAs(t, ownerS, 'POST', `/api/v1/support-team/${theirs.id}/invitation`)).statusCode).toBe(404);
    expect(await t.db.select().from(supportTeamMembers).where(eq(supportTeamMembers.id, theirs.id))).toHaveLength(1);
    const list = (await injectAs(t, otherS, 'GET', '/api/v1/support-team')).json().members;
    expect(list.map((m: { id: string }) => m.id)).toEqual([theirs.id]);
  });
});

describe('limits on mail sent on the owner’s behalf', () => {
  const newOwner = async () => {
    const user = await insertOwner(t.db);
    return { user, session: await sessionFor(t, user) };
  };

  it('an invitation by email over the account’s hourly limit is refused (429) and leaves no pending member behind', async () => {
    const { user, session } = await newOwner();
    for (let i = 0; i < SEND_LIMITS.invitationsPerAccountPerHour; i++) {
      await insertInvitation(t.db, { email: unique(`x${i}`), role: 'beneficiary', kind: 'beneficiary', invitedBy: user.id, estateId: user.estateId!, createdAt: t.clock.now() });
    }
    const res = await injectAs(t, session, 'POST', '/api/v1/support-team', { role: 'estate-administrator', name: 'Robert Hayes', email: unique('robert'), phone: '' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
    expect(await t.db.select().from(supportTeamMembers).where(eq(supportTeamMembers.estateId, user.estateId!))).toEqual([]);
  });

  it(`an account adds at most ${SEND_LIMITS.plannerAdditionsPerAccountPerHour} public planners an hour (each is emailed), in parallel too`, async () => {
    const { user, session } = await newOwner();
    const limit = SEND_LIMITS.plannerAdditionsPerAccountPerHour;
    const planners = await Promise.all(Array.from({ length: limit + 2 }, () => planner('Public')));
    const results = await Promise.all(planners.map((p) => injectAs(t, session, 'POST', '/api/v1/support-team/planners', { plannerId: p.id })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(limit);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(2);
    expect(await t.db.select().from(supportTeamMembers).where(eq(supportTeamMembers.estateId, user.estateId!))).toHaveLength(limit);
  });
});
