import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_LIMITS } from '../../../../test/send-limits.ts';
import { zonedTimeToUtc } from '../../../core/appointments.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { notifications } from '../../db/schema/messages.ts';
import { auditLog } from '../../db/schema/system.ts';
import { insertAppointment } from '../../../../test/factories/appointments.ts';
import { insertBeneficiary, insertSupportMember } from '../../../../test/factories/estates.ts';
import { insertOwner, insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';

let t: TestApp;
let owner: InsertedUser;
let ownerS: TestSession;
let plannerUser: InsertedUser;
let plannerS: TestSession;
let plannerMemberId: string;
let pendingMemberId: string;
let other: InsertedUser;
let otherMemberId: string;
let emily: InsertedUser;
let emilyS: TestSession;

const DAY = 24 * 3600_000;
const inDays = (n: number) => new Date(t.clock.now().getTime() + n * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  owner = await insertOwner(t.db, { name: 'Margaret Ellis' });
  ownerS = await sessionFor(t, owner);
  plannerUser = await insertUser(t.db, { roles: ['legacy-planner'], name: 'David Chen' });
  plannerS = await sessionFor(t, plannerUser);
  plannerMemberId = (
    await insertSupportMember(t.db, owner.estateId!, {
      role: 'legacy-planner',
      name: 'David Chen',
      email: plannerUser.email,
      userId: plannerUser.id,
      acceptedAt: new Date(),
    })
  ).id;
  pendingMemberId = (await insertSupportMember(t.db, owner.estateId!, { role: 'estate-administrator', name: 'Robert Hayes' })).id;
  other = await insertOwner(t.db);
  otherMemberId = (await insertSupportMember(t.db, other.estateId!, { role: 'legacy-planner' })).id;
  emily = await insertUser(t.db, { roles: ['beneficiary'], name: 'Emily Ellis' });
  emilyS = await sessionFor(t, emily);
  await insertBeneficiary(t.db, owner.estateId!, { userId: emily.id, email: emily.email, acceptedAt: new Date() });
});
afterAll(async () => t.close());

const book = (s: TestSession, body: Record<string, unknown>) =>
  injectAs(t, s, 'POST', '/api/v1/appointments', { date: inDays(3), time: '14:30', timeZone: 'UTC', notes: '', ...body });

describe('schedule', () => {
  it('offers the owner their types (with durations) and their support team', async () => {
    const res = await injectAs(t, ownerS, 'GET', '/api/v1/appointments/options');
    expect(res.statusCode).toBe(200);
    expect(res.json().persona).toBe('estate-owner');
    expect(res.json().types).toEqual([
      { name: 'Legacy Planning Session', minutes: 60 },
      { name: 'Family Meeting', minutes: 90 },
      { name: 'Memory Recording', minutes: 120 },
      { name: 'Document Review', minutes: 60 },
      // with a legacy planner on the team: their Initial Consultation (ADR 0021)
      { name: 'Initial Consultation', minutes: 60 },
    ]);
    expect(res.json().people.map((p: { name: string; hasAccount: boolean }) => [p.name, p.hasAccount])).toEqual(
      expect.arrayContaining([
        ['David Chen', true],
        ['Robert Hayes', false],
      ]),
    );
  });

  it('creates a pending request with the duration of its type, and notifies the attendee', async () => {
    const res = await book(ownerS, { type: 'Memory Recording', supportMemberId: plannerMemberId, notes: 'Bring the old photo albums' });
    expect(res.statusCode).toBe(201);
    const appt = res.json();
    expect(appt).toMatchObject({
      type: 'Memory Recording',
      durationMinutes: 120,
      status: 'pending',
      withName: 'David Chen',
      withRoleLabel: 'Legacy Planner',
      direction: 'outgoing',
      canCancel: true,
      canConfirm: false,
      startsAt: `${inDays(3)}T14:30:00.000Z`,
    });
    expect(new Date(appt.endsAt).getTime() - new Date(appt.startsAt).getTime()).toBe(120 * 60_000);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, plannerUser.id));
    expect(notes.some((n) => n.type === 'message' && n.message.includes('Memory Recording'))).toBe(true);
  });

  it('reads the date and time in the given time zone', async () => {
    const res = await book(ownerS, { type: 'Family Meeting', supportMemberId: plannerMemberId, time: '09:00', timeZone: 'America/New_York' });
    expect(res.statusCode).toBe(201);
    expect(res.json().startsAt).toBe(zonedTimeToUtc(inDays(3), '09:00', 'America/New_York').toISOString());
    expect(res.json().startsAt).not.toBe(`${inDays(3)}T09:00:00.000Z`);
  });

  it('never takes the duration from the client', async () => {
    const res = await book(ownerS, { type: 'Family Meeting', supportMemberId: plannerMemberId, durationMinutes: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.durationMinutes).toBe('Unknown field');
  });

  it('refuses a type of another persona, a time in the past, a bad time, a missing person and an unknown zone', async () => {
    expect((await book(ownerS, { type: 'Consultation', supportMemberId: plannerMemberId })).statusCode).toBe(400);
    const past = await book(ownerS, { type: 'Family Meeting', supportMemberId: plannerMemberId, date: inDays(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.time).toBeTruthy();
    expect((await book(ownerS, { type: 'Family Meeting', supportMemberId: plannerMemberId, time: '25:00' })).statusCode).toBe(400);
    expect((await book(ownerS, { type: 'Family Meeting' })).statusCode).toBe(400);
    expect((await book(ownerS, { type: 'Family Meeting', supportMemberId: plannerMemberId, timeZone: 'Mars/Olympus' })).statusCode).toBe(400);
  });

  it('a time outside usual hours is refused with APPOINTMENT_OFF_HOURS until confirmed, and nothing is booked meanwhile', async () => {
    // an owner of their own, so the bookings here stay clear of the shared owner's hourly request limit
    const night = await insertOwner(t.db, { name: 'Nina Owl' });
    const nightS = await sessionFor(t, night);
    const memberId = (await insertSupportMember(t.db, night.estateId!, { role: 'legacy-planner', name: 'David Chen', userId: plannerUser.id, email: plannerUser.email, acceptedAt: new Date() })).id;
    const count = async () => (await t.db.select().from(appointments).where(eq(appointments.requestedBy, night.id))).length;
    const before = await count();
    for (const [time, timeZone] of [
      ['07:30', 'UTC'], // starts before 08:00
      ['19:00', 'UTC'], // a 90-minute meeting ends at 20:30
      ['23:30', 'UTC'], // runs past midnight
      ['14:00', 'Asia/Tokyo'], // read in the zone it was typed in: 14:00 in Tokyo is usual (05:00 UTC)
    ] as const) {
      const res = await book(nightS, { type: 'Family Meeting', supportMemberId: memberId, time, timeZone });
      if (timeZone === 'Asia/Tokyo') {
        expect(res.statusCode, time).toBe(201);
        continue;
      }
      expect(res.statusCode, time).toBe(409);
      expect(res.json().error.code).toBe('APPOINTMENT_OFF_HOURS');
      expect(res.json().error.message).toMatch(/outside usual hours \(8:00 to 20:00\)/);
      expect(res.json().error.message).toContain(`${time}–`);
    }
    expect(await count()).toBe(before + 1);
    // explicitly confirmed: booked; `false` is no confirmation
    expect((await book(nightS, { type: 'Family Meeting', supportMemberId: memberId, time: '07:30', confirmOffHours: false })).statusCode).toBe(409);
    const ok = await book(nightS, { type: 'Family Meeting', supportMemberId: memberId, time: '07:30', confirmOffHours: true });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().when).toMatch(/, 07:30–09:00 UTC$/);
    // the edges are usual: 08:00 start, a meeting ending at 20:00
    expect((await book(nightS, { type: 'Family Meeting', supportMemberId: memberId, time: '08:00' })).statusCode).toBe(201);
    expect((await book(nightS, { type: 'Family Meeting', supportMemberId: memberId, time: '18:30' })).statusCode).toBe(201);
  });

  it('answers 404 for someone on another estate’s support team', async () => {
    const res = await book(ownerS, { type: 'Family Meeting', supportMemberId: otherMemberId });
    expect(res.statusCode).toBe(404);
    expect((await book(ownerS, { type: 'Family Meeting', attendeeUserId: other.id })).statusCode).toBe(404);
  });

  it('books with a member who has not accepted yet; the request waits for them', async () => {
    const res = await book(ownerS, { type: 'Document Review', supportMemberId: pendingMemberId });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, res.json().id));
    expect(row).toMatchObject({ attendeeUserId: null, supportMemberId: pendingMemberId, attendeeRole: 'estate-administrator' });
  });

  it('lets a linked beneficiary book with their estate’s support team using beneficiary types', async () => {
    const options = (await injectAs(t, emilyS, 'GET', '/api/v1/appointments/options')).json();
    expect(options.persona).toBe('beneficiary');
    expect(options.types.map((x: { name: string }) => x.name)).toContain('Consultation');
    const res = await book(emilyS, { type: 'Consultation', supportMemberId: plannerMemberId });
    expect(res.statusCode).toBe(201);
    expect(res.json().durationMinutes).toBe(45);
    expect((await book(emilyS, { type: 'Legacy Planning Session', supportMemberId: plannerMemberId })).statusCode).toBe(400);
    // not the support team of an estate she is no beneficiary of
    expect((await book(emilyS, { type: 'Consultation', supportMemberId: otherMemberId })).statusCode).toBe(404);
  });

  it('lets a planner book with an owner whose support team they are on, and no one else', async () => {
    const res = await book(plannerS, { type: 'Initial Consultation', attendeeUserId: owner.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ withName: 'Margaret Ellis', withRoleLabel: 'Estate Owner', durationMinutes: 60 });
    expect((await book(plannerS, { type: 'Initial Consultation', attendeeUserId: other.id })).statusCode).toBe(404);
  });

  it('refuses a persona the account does not hold, and an account with no booking persona', async () => {
    expect((await book(ownerS, { type: 'Consultation', supportMemberId: plannerMemberId, persona: 'beneficiary' })).statusCode).toBe(403);
    const admin = await insertUser(t.db, { roles: ['admin'] });
    expect((await book(await sessionFor(t, admin), { type: 'Family Meeting', supportMemberId: plannerMemberId })).statusCode).toBe(403);
  });
});

describe('confirm, decline, cancel', () => {
  const request = async () => (await book(ownerS, { type: 'Legacy Planning Session', supportMemberId: plannerMemberId })).json() as { id: string };

  it('the attendee sees it as incoming and confirms it; the requester is told; only pending can be answered', async () => {
    const appt = await request();
    const incoming = (await injectAs(t, plannerS, 'GET', '/api/v1/appointments')).json().appointments.find((a: { id: string }) => a.id === appt.id);
    expect(incoming).toMatchObject({ direction: 'incoming', withName: 'Margaret Ellis', withRoleLabel: 'Estate Owner', canConfirm: true, canCancel: false });

    const res = await injectAs(t, plannerS, 'POST', `/api/v1/appointments/${appt.id}/confirm`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('confirmed');
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(notes.some((n) => n.message.startsWith('David Chen confirmed your Legacy Planning Session'))).toBe(true);

    const again = await injectAs(t, plannerS, 'POST', `/api/v1/appointments/${appt.id}/decline`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already confirmed/);
  });

  it('the attendee declines', async () => {
    const appt = await request();
    const res = await injectAs(t, plannerS, 'POST', `/api/v1/appointments/${appt.id}/decline`);
    expect(res.json().status).toBe('declined');
    expect((await injectAs(t, ownerS, 'POST', `/api/v1/appointments/${appt.id}/cancel`)).statusCode).toBe(409);
  });

  it('only the attendee confirms (the requester: 403; anyone else: 404)', async () => {
    const appt = await request();
    expect((await injectAs(t, ownerS, 'POST', `/api/v1/appointments/${appt.id}/confirm`)).statusCode).toBe(403);
    const stranger = await sessionFor(t, await insertUser(t.db, { roles: ['legacy-planner'] }));
    expect((await injectAs(t, stranger, 'POST', `/api/v1/appointments/${appt.id}/confirm`)).statusCode).toBe(404);
    expect((await injectAs(t, stranger, 'POST', `/api/v1/appointments/${appt.id}/cancel`)).statusCode).toBe(404);
    expect((await injectAs(t, stranger, 'GET', `/api/v1/appointments/${appt.id}/ics`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, appt.id));
    expect(row?.status).toBe('pending');
  });

  it('the requester cancels (the attendee may not), and the attendee is told', async () => {
    const appt = await request();
    expect((await injectAs(t, plannerS, 'POST', `/api/v1/appointments/${appt.id}/cancel`)).statusCode).toBe(403);
    const res = await injectAs(t, ownerS, 'POST', `/api/v1/appointments/${appt.id}/cancel`);
    expect(res.json().status).toBe('cancelled');
    expect((await injectAs(t, ownerS, 'POST', `/api/v1/appointments/${appt.id}/cancel`)).statusCode).toBe(409);
    expect((await injectAs(t, plannerS, 'POST', `/api/v1/appointments/${appt.id}/confirm`)).statusCode).toBe(409);
  });

  it('a cancel names who is told, tells them with the time in their zone, and moves it from Upcoming to Past & cancelled', async () => {
    const appt = (await book(ownerS, { type: 'Document Review', supportMemberId: plannerMemberId, time: '11:00' })).json() as { id: string; cancelNotifies: string | null };
    // said before the owner confirms the cancel
    expect(appt.cancelNotifies).toBe('David Chen');
    const ids = async (view: string) =>
      ((await injectAs(t, ownerS, 'GET', `/api/v1/appointments?view=${view}&limit=50`)).json() as { appointments: { id: string }[] }).appointments.map((a) => a.id);
    expect(await ids('upcoming')).toContain(appt.id);

    const res = await injectAs(t, ownerS, 'POST', `/api/v1/appointments/${appt.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelNotifies: 'David Chen', canCancel: false });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, plannerUser.id));
    // David's zone is his own setting (ET by default): 11:00 UTC is 06:00 in New York
    expect(told.some((n) => n.message.startsWith('Margaret Ellis cancelled the Document Review on') && /, 0[67]:00–0[78]:00 ET$/.test(n.message))).toBe(true);
    expect(await ids('upcoming')).not.toContain(appt.id);
    expect(await ids('past')).toContain(appt.id);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'appointment.cancelled'), eq(auditLog.targetId, appt.id)));
    expect(entry?.actorUserId).toBe(owner.id);
  });

  it('with someone who has not joined, the cancel says nobody can be told (and no one is)', async () => {
    const appt = (await book(ownerS, { type: 'Document Review', supportMemberId: pendingMemberId })).json() as { id: string; cancelNotifies: string | null };
    expect(appt.cancelNotifies).toBeNull();
    const before = (await t.db.select().from(notifications)).length;
    const res = await injectAs(t, ownerS, 'POST', `/api/v1/appointments/${appt.id}/cancel`);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelNotifies: null });
    expect((await t.db.select().from(notifications)).length).toBe(before);
  });

  it('two cancels at once: one succeeds, the other is a 409, and the attendee is told once', async () => {
    const appt = await request();
    const before = (await t.db.select().from(notifications).where(eq(notifications.userId, plannerUser.id))).length;
    const results = await Promise.all([1, 2].map(() => injectAs(t, ownerS, 'POST', `/api/v1/appointments/${appt.id}/cancel`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await t.db.select().from(notifications).where(eq(notifications.userId, plannerUser.id))).length).toBe(before + 1);
  });

  it('a request whose time has passed can no longer be confirmed', async () => {
    const old = await insertAppointment(t.db, {
      requestedBy: owner.id,
      attendeeUserId: plannerUser.id,
      attendeeName: 'David Chen',
      startsAt: new Date(t.clock.now().getTime() - DAY),
    });
    expect((await injectAs(t, plannerS, 'POST', `/api/v1/appointments/${old.id}/confirm`)).statusCode).toBe(409);
  });
});

describe('list and calendar file', () => {
  it('Upcoming holds pending and confirmed ones not yet over, soonest first; Past & cancelled the rest, latest first', async () => {
    const lister = await insertOwner(t.db);
    const mk = (days: number, type: string, status = 'pending') =>
      insertAppointment(t.db, { requestedBy: lister.id, attendeeName: 'X', type, status, startsAt: new Date(t.clock.now().getTime() + days * DAY) });
    await mk(-10, 'Long ago', 'confirmed');
    await mk(9, 'Later', 'confirmed');
    await mk(-2, 'Recently');
    await mk(1, 'Soon');
    await mk(3, 'Called off', 'cancelled');
    await mk(4, 'Turned down', 'declined');
    const s = await sessionFor(t, lister);
    const view = async (q: string) => (await injectAs(t, s, 'GET', `/api/v1/appointments${q}`)).json();
    const names = (list: { appointments: { type: string; past: boolean }[] }) => list.appointments.map((a) => [a.type, a.past]);
    expect(names(await view(''))).toEqual([
      ['Soon', false],
      ['Later', false],
    ]);
    expect(names(await view('?view=past'))).toEqual([
      ['Turned down', false],
      ['Called off', false],
      ['Recently', true],
      ['Long ago', true],
    ]);
  });

  it('pages each view in the database by keyset: no row twice, none missed, a forged cursor refused', async () => {
    const lister = await insertOwner(t.db);
    const s = await sessionFor(t, lister);
    const same = new Date(t.clock.now().getTime() + 2 * DAY);
    for (let i = 0; i < 5; i++) {
      // three at the very same instant: the id breaks the tie
      await insertAppointment(t.db, { requestedBy: lister.id, attendeeName: 'X', type: `Up ${i}`, startsAt: i < 3 ? same : new Date(same.getTime() + i * DAY) });
      await insertAppointment(t.db, { requestedBy: lister.id, attendeeName: 'X', type: `Gone ${i}`, status: 'cancelled', startsAt: i < 3 ? same : new Date(same.getTime() - i * DAY) });
    }
    for (const view of ['upcoming', 'past']) {
      const { items, pages } = await walkPages(t, s, `/api/v1/appointments?view=${view}`, 2, (body: { appointments: { id: string }[] }) => body.appointments, { maxPages: 10 });
      expect(pages).toBe(3);
      expect(new Set(items.map((a) => a.id)).size).toBe(5);
    }
    await expectPagingRefusals(t, s, '/api/v1/appointments?view=past', ['not-a-cursor']);
    expect((await injectAs(t, s, 'GET', '/api/v1/appointments?view=someday')).statusCode).toBe(400);
    expect((await injectAs(t, s, 'GET', '/api/v1/appointments?limit=500')).statusCode).toBe(400);
  });

  it('writes each time in the caller’s zone, named: the platform’s for owners, the planner’s own choice for planners', async () => {
    const [row] = await t.db
      .insert(appointments)
      .values({
        requestedBy: owner.id,
        requesterRole: 'estate-owner',
        attendeeUserId: plannerUser.id,
        attendeeName: 'David Chen',
        attendeeRole: 'legacy-planner',
        type: 'Zone check',
        durationMinutes: 60,
        startsAt: new Date('2099-07-01T10:00:00Z'),
        status: 'confirmed',
      })
      .returning();
    const find = async (s: TestSession, q = '') =>
      ((await injectAs(t, s, 'GET', `/api/v1/appointments?limit=50${q}`)).json() as { appointments: { id: string; when: string }[]; zone: unknown });
    const mine = await find(ownerS);
    // the platform's zone is UTC by default
    expect(mine.zone).toEqual({ iana: 'UTC', name: 'UTC' });
    expect((await find(ownerS)).appointments.find((a) => a.id === row!.id)?.when).toBe('Wed 1 Jul 2099, 10:00–11:00 UTC');
    await injectAs(t, plannerS, 'PATCH', '/api/v1/settings', { plannerTimeZone: 'CT' });
    const his = await find(plannerS, '&persona=legacy-planner');
    expect(his.zone).toEqual({ iana: 'America/Chicago', name: 'CT' });
    expect(his.appointments.find((a) => a.id === row!.id)?.when).toBe('Wed 1 Jul 2099, 05:00–06:00 CT');
    await injectAs(t, plannerS, 'PATCH', '/api/v1/settings', { plannerTimeZone: 'ET' });
    await t.db.delete(appointments).where(eq(appointments.id, row!.id));
  });

  it('downloads an .ics attachment in UTC with the type’s duration', async () => {
    const appt = (await book(ownerS, { type: 'Family Meeting', supportMemberId: plannerMemberId, time: '10:15' })).json();
    const res = await injectAs(t, ownerS, 'GET', `/api/v1/appointments/${appt.id}/ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="heirloom-family-meeting-.*\.ics"$/);
    const body = res.body.replace(/\r\n[ \t]/g, '');
    expect(body).toContain('BEGIN:VCALENDAR');
    expect(body).toContain(`DTSTART:${inDays(3).replace(/-/g, '')}T101500Z`);
    expect(body).toContain('DURATION:PT90M');
    expect(body).toContain('SUMMARY:Family Meeting with David Chen');
    expect(body).toContain('STATUS:TENTATIVE');
    // the attendee can download it too
    expect((await injectAs(t, plannerS, 'GET', `/api/v1/appointments/${appt.id}/ics`)).statusCode).toBe(200);
  });
});

describe('limits', () => {
  it(`an account makes at most ${SEND_LIMITS.appointmentRequestsPerAccountPerHour} requests an hour (each notifies the other side), in parallel too`, async () => {
    const requester = await insertOwner(t.db);
    const session = await sessionFor(t, requester);
    const memberId = (await insertSupportMember(t.db, requester.estateId!, { role: 'legacy-planner', userId: plannerUser.id, email: plannerUser.email, acceptedAt: new Date() })).id;
    const limit = SEND_LIMITS.appointmentRequestsPerAccountPerHour;
    const results = await Promise.all(Array.from({ length: limit + 2 }, () => book(session, { type: 'Family Meeting', supportMemberId: memberId })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(limit);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual([429, 429]);
    expect(refused[0]!.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining(`up to ${limit} appointments an hour`) });
    expect(await t.db.select().from(appointments).where(eq(appointments.requestedBy, requester.id))).toHaveLength(limit);
  });
});
