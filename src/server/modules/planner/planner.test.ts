import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/system.ts';
import { plannerTasks } from '../../db/schema/planner.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { insertAppointment } from '../../../../test/factories/appointments.ts';
import { insertDigitalAsset } from '../../../../test/factories/digital-assets.ts';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { insertClientOf, insertPlanner, insertPlannerWithClients } from '../../../../test/factories/planner.ts';
import { insertTask } from '../../../../test/factories/tasks.ts';
import { insertOwner, insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';
import { encodeCursor } from '../../../core/keyset.schemas.ts';

let t: TestApp;
let planner: InsertedUser;
let plannerS: TestSession;
let margaret: InsertedUser;
let walter: InsertedUser;
let otherPlanner: InsertedUser;
let otherClient: InsertedUser;

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await buildTestApp();
  const now = t.clock.now();
  const made = await insertPlannerWithClients(
    t.db,
    [
      { name: 'Margaret Ellis', keyDocuments: 15, lastActiveAt: new Date(now.getTime() - 2 * DAY) },
      { name: 'Walter Price', keyDocuments: 3, lastActiveAt: new Date(now.getTime() - 2 * DAY) },
    ],
    { name: 'David Chen' },
  );
  planner = made.planner;
  [margaret, walter] = made.clients as [InsertedUser, InsertedUser];
  plannerS = await sessionFor(t, planner);
  otherPlanner = await insertPlanner(t.db, { name: 'Other Planner' });
  otherClient = await insertClientOf(t.db, otherPlanner, { name: 'Someone Else' });
});
afterAll(async () => t.close());

const get = (url: string, s: TestSession = plannerS) => injectAs(t, s, 'GET', url);

describe('who a planner sees', () => {
  it('lists only their clients, with progress by the owner dashboard rules and a status', async () => {
    const page = (await get('/api/v1/planner/loved-ones')).json();
    expect(page.items.map((l: { name: string }) => l.name)).toEqual(['Margaret Ellis', 'Walter Price']);
    // 15 key documents: (100% + 33% security) / 4 = 33%; 3 documents: (20% + 33%) / 4 = 13%
    expect(page.items.map((l: { progress: number }) => l.progress)).toEqual([33, 13]);
    expect(page.items[0]).toMatchObject({ relationship: 'Client', status: 'needs_attention', email: margaret.email });
  });

  it('answers 404 for another planner’s client on the detail, on suggest and as a task’s “for”', async () => {
    expect((await get(`/api/v1/planner/loved-ones/${otherClient.estateId}`)).statusCode).toBe(404);
    const suggest = await injectAs(t, plannerS, 'POST', `/api/v1/planner/loved-ones/${otherClient.estateId}/suggested-tasks`, { title: 'Mine now' });
    expect(suggest.statusCode).toBe(404);
    const task = await injectAs(t, plannerS, 'POST', '/api/v1/planner/tasks', { title: 'Call them', estateId: otherClient.estateId });
    expect(task.statusCode).toBe(404);
    expect(await t.db.select().from(tasks).where(eq(tasks.estateId, otherClient.estateId!))).toHaveLength(0);
    expect(await t.db.select().from(plannerTasks).where(eq(plannerTasks.plannerId, planner.id))).toHaveLength(0);
  });

  it('is refused the vault: memories, documents, digital assets, future messages and their ids', async () => {
    const memory = await insertMemory(t.app.deps, margaret.estateId!, { title: 'Zanzibar honeymoon secret' });
    const document = await insertDocument(t.app.deps, margaret.estateId!, { title: 'Quillfeather will draft' });
    const asset = await insertDigitalAsset(t.app.deps, margaret.estateId!, { name: 'Marzipan Bank login' });
    for (const url of [
      '/api/v1/memories',
      `/api/v1/memories/${memory.id}`,
      '/api/v1/documents',
      `/api/v1/documents/${document.id}`,
      '/api/v1/digital-assets',
      `/api/v1/digital-assets/${asset.id}`,
      '/api/v1/future-messages',
    ]) {
      expect([403, 404], url).toContain((await get(url)).statusCode);
    }
    // what the owner did shows as words only, even where an audit row carried a title
    await t.db.insert(auditLog).values([
      { action: 'memory.created', estateId: margaret.estateId, actorUserId: margaret.id, targetId: memory.id, details: { title: 'Zanzibar honeymoon secret' } },
      { action: 'document.uploaded', estateId: margaret.estateId, actorUserId: margaret.id, targetId: document.id },
      { action: 'digital_asset.secret_revealed', estateId: margaret.estateId, actorUserId: margaret.id, targetId: asset.id },
    ]);
    const bodies = [
      (await get('/api/v1/planner/dashboard')).body,
      (await get('/api/v1/planner/loved-ones')).body,
      (await get(`/api/v1/planner/loved-ones/${margaret.estateId}`)).body,
    ].join('\n');
    for (const secret of ['Zanzibar', 'Quillfeather', 'Marzipan', memory.id, document.id, asset.id]) expect(bodies).not.toContain(secret);
    const activity = (await get('/api/v1/planner/dashboard')).json().activity.map((a: { person: string; action: string }) => `${a.person} ${a.action}`);
    expect(activity).toEqual(expect.arrayContaining(['Margaret Ellis recorded a memory', 'Margaret Ellis added a document']));
    expect(activity.join()).not.toContain('reveal');
  });

  it('is 403 to an owner, and the dashboard is the planner’s', async () => {
    const ownerS = await sessionFor(t, margaret);
    expect((await get('/api/v1/planner/dashboard', ownerS)).statusCode).toBe(403);
    expect((await get('/api/v1/planner/tasks', ownerS)).statusCode).toBe(403);
    expect((await injectAs(t, ownerS, 'POST', '/api/v1/planner/tasks', { title: 'x' })).statusCode).toBe(403);
  });
});

describe('dashboard', () => {
  it('counts loved ones and averages their completion as the rounded mean', async () => {
    const d = (await get('/api/v1/planner/dashboard')).json();
    // (33 + 13) / 2
    expect(d.counters).toMatchObject({ lovedOnes: 2, averageCompletion: 23 });
    expect(d.progress.map((p: { name: string }) => p.name)).toEqual(['Margaret Ellis', 'Walter Price']);
  });

  it('shows no average, not NaN, with no clients', async () => {
    const lonely = await insertPlanner(t.db);
    const d = (await get('/api/v1/planner/dashboard', await sessionFor(t, lonely))).json();
    expect(d.counters).toEqual({ lovedOnes: 0, upcomingTasks: 0, averageCompletion: null });
    expect(d.progress).toEqual([]);
  });

  it('hears of tasks completed and appointments with this planner, not with others', async () => {
    const now = t.clock.now();
    await insertTask(t.db, walter.estateId!, { title: 'Upload the deeds', status: 'completed', completedAt: now });
    await insertAppointment(t.db, { estateId: walter.estateId, requestedBy: walter.id, attendeeUserId: planner.id, attendeeName: 'David Chen', type: 'Memory Recording', status: 'confirmed', updatedAt: now });
    await insertAppointment(t.db, { estateId: walter.estateId, requestedBy: walter.id, attendeeUserId: otherPlanner.id, attendeeName: 'Other Planner', type: 'Family Meeting', status: 'confirmed', updatedAt: now });
    const activity = (await get('/api/v1/planner/dashboard')).json().activity.map((a: { person: string; action: string }) => `${a.person} ${a.action}`);
    expect(activity).toEqual(expect.arrayContaining(['Walter Price completed the task “Upload the deeds”', 'Walter Price Memory Recording appointment confirmed']));
    expect(activity.join()).not.toContain('Family Meeting');
  });
});

describe('loved ones: search and paging', () => {
  it('searches by name or email in the database, pages by keyset with a bounded page, and refuses a forged cursor', async () => {
    const busy = await insertPlanner(t.db);
    const busyS = await sessionFor(t, busy);
    for (let i = 0; i < 22; i++) await insertClientOf(t.db, busy, { name: `Client ${String(i).padStart(2, '0')}`, email: `client${i}.${Date.now()}@example.com` });
    const first = (await get('/api/v1/planner/loved-ones', busyS)).json();
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toBeTruthy();
    const second = (await get(`/api/v1/planner/loved-ones?cursor=${encodeURIComponent(first.nextCursor)}`, busyS)).json();
    expect(second.items.map((l: { name: string }) => l.name)).toEqual(['Client 20', 'Client 21']);
    expect(second.nextCursor).toBeNull();
    expect((await get('/api/v1/planner/loved-ones?q=client 07', busyS)).json().items.map((l: { name: string }) => l.name)).toEqual(['Client 07']);
    expect((await get('/api/v1/planner/loved-ones?q=client13.', busyS)).json().items).toHaveLength(1);
    expect((await get('/api/v1/planner/loved-ones?q=%25', busyS)).json().items).toHaveLength(0);
    const forged = await get('/api/v1/planner/loved-ones?cursor=garbage', busyS);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.fields).toHaveProperty('cursor');
  });
});

describe('client page and suggested tasks', () => {
  it('shows progress by area, their tasks and their appointments with this planner only', async () => {
    await insertAppointment(t.db, { estateId: margaret.estateId, requestedBy: planner.id, attendeeUserId: margaret.id, attendeeName: 'Margaret Ellis', type: 'Initial Consultation', status: 'pending' });
    await insertAppointment(t.db, { estateId: margaret.estateId, requestedBy: margaret.id, attendeeUserId: otherPlanner.id, attendeeName: 'Other', type: 'Family Meeting', notes: 'private' });
    const d = (await get(`/api/v1/planner/loved-ones/${margaret.estateId}`)).json();
    expect(d.lovedOne.name).toBe('Margaret Ellis');
    expect(d.progress).toEqual({ overall: 33, documents: 100, beneficiaries: 0, accounts: 0, security: 33 });
    expect(d.appointments.map((a: { type: string }) => a.type)).toEqual(['Initial Consultation']);
    expect(Object.keys(d).sort()).toEqual(['appointments', 'lovedOne', 'progress', 'tasks']);
  });

  it('shows an appointment’s time in the planner’s own zone, named, exactly as their Appointments page does', async () => {
    const booked = await insertAppointment(t.db, {
      estateId: walter.estateId,
      requestedBy: planner.id,
      attendeeUserId: walter.id,
      attendeeName: 'Walter Price',
      requesterRole: 'legacy-planner',
      attendeeRole: 'estate-owner',
      type: 'Legacy Planning Session',
      startsAt: new Date('2026-12-03T14:00:00Z'),
      durationMinutes: 60,
    });
    const onClientPage = (await get(`/api/v1/planner/loved-ones/${walter.estateId}`)).json().appointments.find((a: { id: string }) => a.id === booked.id);
    expect(onClientPage.when).toBe('Thu 3 Dec 2026, 09:00–10:00 ET');
    const onAppointments = [...(await get('/api/v1/appointments?limit=50&view=upcoming')).json().appointments, ...(await get('/api/v1/appointments?limit=50&view=past')).json().appointments];
    expect(onAppointments.find((a: { id: string }) => a.id === booked.id)?.when).toBe(onClientPage.when);
  });

  it('a suggested task appears on the owner’s list marked as suggested by the planner, and the owner hears of it', async () => {
    const res = await injectAs(t, plannerS, 'POST', `/api/v1/planner/loved-ones/${margaret.estateId}/suggested-tasks`, {
      title: 'Record the story of the farm',
      description: 'Ten minutes is enough',
      dueDate: '2030-03-01',
      priority: 'high',
      category: 'memories',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ source: 'planner', suggestedBy: { name: 'David Chen' } });
    const ownerS = await sessionFor(t, margaret);
    const mine = (await get('/api/v1/tasks', ownerS)).json().items.find((x: { title: string }) => x.title === 'Record the story of the farm');
    expect(mine).toMatchObject({ suggestedBy: { name: 'David Chen' }, priority: 'high', category: 'memories', dueDate: '2030-03-01' });
    const notices = (await get('/api/v1/notifications', ownerS)).json();
    expect(JSON.stringify(notices)).toContain('David Chen, your legacy planner, suggested a task: Record the story of the farm');
    expect((await get(`/api/v1/planner/loved-ones/${margaret.estateId}`)).json().tasks[0]).toMatchObject({ title: 'Record the story of the farm', suggestedBy: { name: 'David Chen' } });
  });

  it('refuses a suggestion with no title or a bad date, naming the field, and a malformed id', async () => {
    const res = await injectAs(t, plannerS, 'POST', `/api/v1/planner/loved-ones/${margaret.estateId}/suggested-tasks`, { title: ' ', dueDate: '2030-02-30' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(expect.arrayContaining(['title', 'dueDate']));
    expect((await get('/api/v1/planner/loved-ones/not-an-id')).statusCode).toBe(400);
  });
});

describe('planner tasks', () => {
  it('adds, edits, completes, reopens and deletes; open ones count as Upcoming Tasks, soonest first', async () => {
    const later = await injectAs(t, plannerS, 'POST', '/api/v1/planner/tasks', { title: 'Send the checklist', dueDate: '2030-06-01' });
    expect(later.statusCode).toBe(201);
    const sooner = (await injectAs(t, plannerS, 'POST', '/api/v1/planner/tasks', { title: 'Call Margaret', estateId: margaret.estateId, dueDate: '2030-01-15' })).json();
    expect(sooner.for).toEqual({ estateId: margaret.estateId, name: 'Margaret Ellis' });
    let d = (await get('/api/v1/planner/dashboard')).json();
    expect(d.counters.upcomingTasks).toBe(2);
    expect(d.tasks.items.map((x: { title: string }) => x.title)).toEqual(['Call Margaret', 'Send the checklist']);
    expect(d.tasks).toMatchObject({ nextCursor: null, openCount: 2 });

    const edited = await injectAs(t, plannerS, 'PATCH', `/api/v1/planner/tasks/${sooner.id}`, { title: 'Call Margaret about the will', estateId: null });
    expect(edited.json()).toMatchObject({ title: 'Call Margaret about the will', for: null });
    const done = (await injectAs(t, plannerS, 'PATCH', `/api/v1/planner/tasks/${sooner.id}`, { completed: true })).json();
    expect(done.completedAt).toBeTruthy();
    d = (await get('/api/v1/planner/dashboard')).json();
    expect(d.counters.upcomingTasks).toBe(1);
    expect((await get('/api/v1/planner/tasks')).json().items.map((x: { title: string }) => x.title)).toEqual(['Send the checklist']);
    expect((await get('/api/v1/planner/tasks?status=done')).json().items.map((x: { title: string }) => x.title)).toEqual(['Call Margaret about the will']);
    expect((await injectAs(t, plannerS, 'PATCH', `/api/v1/planner/tasks/${sooner.id}`, { completed: false })).json().completedAt).toBeNull();
    expect((await injectAs(t, plannerS, 'DELETE', `/api/v1/planner/tasks/${sooner.id}`)).statusCode).toBe(200);
    expect((await get('/api/v1/planner/tasks')).json().openCount).toBe(1);
  });

  it('refuses bad input naming the field, and another planner’s task is 404 and unchanged', async () => {
    const bad = await injectAs(t, plannerS, 'POST', '/api/v1/planner/tasks', { title: '', dueDate: 'tomorrow', estateId: 'nope', owner: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['title', 'dueDate', 'estateId']));
    expect((await injectAs(t, plannerS, 'PATCH', `/api/v1/planner/tasks/${crypto.randomUUID()}`, { completed: 'yes' })).json().error.fields).toHaveProperty('completed');
    const theirs = (await injectAs(t, await sessionFor(t, otherPlanner), 'POST', '/api/v1/planner/tasks', { title: 'Theirs' })).json();
    for (const [method, body] of [['PATCH', { title: 'Mine now' }], ['DELETE', undefined]] as const) {
      expect((await injectAs(t, plannerS, method, `/api/v1/planner/tasks/${theirs.id}`, body)).statusCode).toBe(404);
    }
    const [row] = await t.db.select().from(plannerTasks).where(eq(plannerTasks.id, theirs.id));
    expect(row).toMatchObject({ title: 'Theirs' });
    // an estate that is not a client, even one that exists
    const stranger = await insertOwner(t.db);
    const mine = (await injectAs(t, plannerS, 'POST', '/api/v1/planner/tasks', { title: 'Mine' })).json();
    expect((await injectAs(t, plannerS, 'PATCH', `/api/v1/planner/tasks/${mine.id}`, { estateId: stranger.estateId })).statusCode).toBe(404);
  });
});

describe('planner tasks, paged', () => {
  it('walks open tasks soonest due first (undated last) and done ones latest first, every task once even when due dates and times tie', async () => {
    const p = await insertPlanner(t.db, { name: 'Paging Planner' });
    const s = await sessionFor(t, p);
    const stranger = await insertPlanner(t.db, { name: 'Stranger Planner' });
    const at = new Date('2030-01-01T00:00:00.000Z');
    const done = new Date('2030-02-01T00:00:00.000Z');
    const row = (plannerId: string, title: string, dueDate: string | null, completedAt: Date | null = null) => ({ plannerId, title, dueDate, completedAt, createdAt: at });
    await t.db.insert(plannerTasks).values([
      // open: 4 due the same day, 3 undated, 2 due sooner, all created at the same instant
      ...Array.from({ length: 4 }, (_, i) => row(p.id, `Same day ${i}`, '2031-05-05')),
      ...Array.from({ length: 3 }, (_, i) => row(p.id, `Undated ${i}`, null)),
      ...Array.from({ length: 2 }, (_, i) => row(p.id, `Sooner ${i}`, '2031-01-01')),
      // done: 5 completed at the same instant, 1 later
      ...Array.from({ length: 5 }, (_, i) => row(p.id, `Done ${i}`, '2031-01-01', done)),
      row(p.id, 'Done last', null, new Date(done.getTime() + 1)),
      // another planner's, open and done
      row(stranger.id, 'Not mine', '2031-01-01'),
      row(stranger.id, 'Not mine either', null, done),
    ]);
    const all = await t.db.select().from(plannerTasks).where(eq(plannerTasks.plannerId, p.id));
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const open = all
      .filter((r) => !r.completedAt)
      .sort((a, b) => (a.dueDate ?? '9999-99-99').localeCompare(b.dueDate ?? '9999-99-99') || byId(a, b))
      .map((r) => r.id);
    const closed = all
      .filter((r) => r.completedAt)
      .sort((a, b) => b.completedAt!.getTime() - a.completedAt!.getTime() || byId(b, a))
      .map((r) => r.id);

    async function walk(status: 'open' | 'done', limit: number) {
      const { items, bodies } = await walkPages<{ id: string }, { openCount: number }>(t, s, `/api/v1/planner/tasks?status=${status}`, limit);
      for (const body of bodies) expect(body.openCount).toBe(9);
      return items.map((i) => i.id);
    }
    for (const limit of [1, 2, 4, 100]) {
      expect(await walk('open', limit)).toEqual(open);
      expect(await walk('done', limit)).toEqual(closed);
    }
    // The dashboard's first page (8) carries the cursor of the card's Load more.
    const d = (await injectAs(t, s, 'GET', '/api/v1/planner/dashboard')).json();
    expect(d.tasks.items.map((x: { id: string }) => x.id)).toEqual(open.slice(0, 8));
    const rest = (await injectAs(t, s, 'GET', `/api/v1/planner/tasks?cursor=${encodeURIComponent(d.tasks.nextCursor)}`)).json();
    expect(rest.items.map((x: { id: string }) => x.id)).toEqual(open.slice(8));
  });

  it('refuses a bad limit, a status it does not know, or a cursor it did not write (or of the other list) with a 400 in words', async () => {
    const openCursor = encodeCursor(['infinity', '2030-01-01T00:00:00.000000Z', crypto.randomUUID()]);
    const doneCursor = encodeCursor(['2030-01-01T00:00:00.000000Z', crypto.randomUUID()]);
    await expectPagingRefusals(t, plannerS, '/api/v1/planner/tasks', ['abc', doneCursor, encodeCursor(['2031-02-30', '2030-01-01T00:00:00.000Z', crypto.randomUUID()])], {
      also: ['status=all', `status=done&cursor=${encodeURIComponent(openCursor)}`, 'page=2'],
    });
    expect((await injectAs(t, plannerS, 'GET', `/api/v1/planner/tasks?cursor=${encodeURIComponent(openCursor)}`)).statusCode).toBe(200);
    expect((await injectAs(t, plannerS, 'GET', `/api/v1/planner/tasks?status=done&cursor=${encodeURIComponent(doneCursor)}`)).statusCode).toBe(200);
  });
});

describe('Message Support', () => {
  it('a planner writes to Heirloom Support (an admin) and to a client, never to an owner who is not a client', async () => {
    const admin = await insertUser(t.db, { roles: ['admin'], name: 'Avery Admin' });
    const contacts = (await get('/api/v1/inbox/contacts')).json().items;
    expect(contacts).toEqual(
      expect.arrayContaining([
        { userId: admin.id, estateId: null, name: 'Heirloom Support', roleLabel: 'Support', ownerName: '' },
        expect.objectContaining({ userId: margaret.id, estateId: margaret.estateId, roleLabel: 'Estate Owner' }),
      ]),
    );
    expect(contacts.map((c: { userId: string }) => c.userId)).not.toContain(otherClient.id);
    const sent = await injectAs(t, plannerS, 'POST', '/api/v1/inbox/messages', { estateId: null, recipientUserId: admin.id, subject: 'A question', body: 'How do I export a checklist?' });
    expect(sent.statusCode).toBe(201);
    const adminInbox = (await get('/api/v1/inbox', await sessionFor(t, admin))).json();
    expect(JSON.stringify(adminInbox)).toContain('A question');
    const refused = await injectAs(t, plannerS, 'POST', '/api/v1/inbox/messages', { estateId: otherClient.estateId, recipientUserId: otherClient.id, subject: 'Hello', body: 'Hi' });
    expect(refused.statusCode).toBe(404);
    expect((await injectAs(t, plannerS, 'POST', '/api/v1/inbox/messages', { estateId: margaret.estateId, recipientUserId: margaret.id, subject: 'Our session', body: 'See you Tuesday' })).statusCode).toBe(201);
  });
});
