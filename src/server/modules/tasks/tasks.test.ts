import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema/tasks.ts';
import { insertTask } from '../../../../test/factories/tasks.ts';
import { insertOwner, insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { Browser, signUpThroughEmail, buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';
import { ONBOARDING_TASKS } from '../../../core/onboarding.ts';
import { encodeCursor } from '../../../core/keyset.schemas.ts';

let t: TestApp;
let owner: InsertedUser;
let ownerS: TestSession;
let other: InsertedUser;
let otherS: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  other = await insertOwner(t.db);
  otherS = await sessionFor(t, other);
});
afterAll(async () => t.close());

beforeEach(async () => {
  owner = await insertOwner(t.db);
  ownerS = await sessionFor(t, owner);
});

const list = async (query = '') => (await injectAs(t, ownerS, 'GET', `/api/v1/tasks${query}`)).json();

describe('counters, filter and search', () => {
  beforeEach(async () => {
    const e = owner.estateId!;
    await insertTask(t.db, e, { title: 'Upload the house deeds', priority: 'high', status: 'pending', dueDate: '2030-01-10' });
    await insertTask(t.db, e, { title: 'Scan passport', priority: 'high', status: 'completed', completedAt: new Date() });
    await insertTask(t.db, e, { title: 'Record a story about Cornwall', description: 'The summer of 1968', priority: 'low', status: 'pending', dueDate: null });
    await insertTask(t.db, e, { title: 'Review bank accounts', priority: 'medium', status: 'pending', dueDate: '2030-01-01' });
    // another owner's task never shows up or counts
    await insertTask(t.db, other.estateId!, { title: 'Upload the deeds of someone else', priority: 'high', status: 'pending' });
  });

  it('counts Total, Completed, Pending and High Priority (pending high only)', async () => {
    const body = await list();
    expect(body.counts).toEqual({ total: 4, completed: 1, pending: 3, highPriority: 1 });
  });

  it('starts on All, pending first by due date; filters Pending and Completed', async () => {
    expect((await list()).items.map((x: { title: string }) => x.title)).toEqual([
      'Review bank accounts',
      'Upload the house deeds',
      'Record a story about Cornwall',
      'Scan passport',
    ]);
    expect((await list('?filter=pending')).items).toHaveLength(3);
    expect((await list('?filter=completed')).items.map((x: { title: string }) => x.title)).toEqual(['Scan passport']);
    // the counters stay about all tasks whatever the filter
    expect((await list('?filter=completed')).counts.total).toBe(4);
  });

  it('searches title and description, case-insensitively, with LIKE characters taken literally', async () => {
    expect((await list('?q=cornwall')).items.map((x: { title: string }) => x.title)).toEqual(['Record a story about Cornwall']);
    expect((await list('?q=1968')).items).toHaveLength(1);
    expect((await list('?q=%25')).items).toHaveLength(0);
    expect((await list('?q=deeds&filter=completed')).items).toHaveLength(0);
  });

  it('refuses an unknown filter', async () => {
    expect((await injectAs(t, ownerS, 'GET', '/api/v1/tasks?filter=someday')).statusCode).toBe(400);
  });
});

describe('add, edit, complete, reopen', () => {
  it('creates a pending task from the Add New Task form and the counters change', async () => {
    const before = (await list()).counts;
    const res = await injectAs(t, ownerS, 'POST', '/api/v1/tasks', {
      title: 'Write to Grace about the piano',
      description: 'Line one\nLine two\nLine three',
      dueDate: '2030-05-01',
      priority: 'high',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', priority: 'high', category: 'documents', source: 'user', dueDate: '2030-05-01' });
    const after = (await list()).counts;
    expect(after).toEqual({ ...before, total: before.total + 1, pending: before.pending + 1, highPriority: before.highPriority + 1 });
  });

  it('refuses an empty title, a bad date, an unknown priority and unknown fields', async () => {
    const res = await injectAs(t, ownerS, 'POST', '/api/v1/tasks', { title: ' ', dueDate: '2030-02-30', priority: 'urgent', status: 'completed' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(expect.arrayContaining(['title', 'dueDate', 'priority', 'status']));
  });

  it('completes and reopens (counters follow), and edits', async () => {
    const task = await insertTask(t.db, owner.estateId!, { priority: 'high', status: 'pending' });
    const done = await injectAs(t, ownerS, 'POST', `/api/v1/tasks/${task.id}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('completed');
    expect(done.json().completedAt).toBeTruthy();
    expect((await list()).counts).toEqual({ total: 1, completed: 1, pending: 0, highPriority: 0 });
    // completing twice is harmless
    expect((await injectAs(t, ownerS, 'POST', `/api/v1/tasks/${task.id}/complete`)).json().status).toBe('completed');
    const reopened = await injectAs(t, ownerS, 'POST', `/api/v1/tasks/${task.id}/reopen`);
    expect(reopened.json()).toMatchObject({ status: 'pending', completedAt: null });
    expect((await list()).counts).toEqual({ total: 1, completed: 0, pending: 1, highPriority: 1 });

    const edited = await injectAs(t, ownerS, 'PATCH', `/api/v1/tasks/${task.id}`, { title: 'New title', priority: 'low', dueDate: null, category: 'memories' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'New title', priority: 'low', dueDate: null, category: 'memories' });
    expect((await injectAs(t, ownerS, 'PATCH', `/api/v1/tasks/${task.id}`, { status: 'completed' })).statusCode).toBe(400);
  });

  it('answers 404 for another owner’s task on every operation, and changes nothing', async () => {
    const theirs = await insertTask(t.db, other.estateId!, { status: 'pending', title: 'Theirs' });
    for (const [method, url, body] of [
      ['GET', `/api/v1/tasks/${theirs.id}`],
      ['PATCH', `/api/v1/tasks/${theirs.id}`, { title: 'Mine now' }],
      ['POST', `/api/v1/tasks/${theirs.id}/complete`],
      ['POST', `/api/v1/tasks/${theirs.id}/reopen`],
      ['DELETE', `/api/v1/tasks/${theirs.id}`],
    ] as const) {
      expect((await injectAs(t, ownerS, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, theirs.id));
    expect(row).toMatchObject({ title: 'Theirs', status: 'pending' });
    expect((await injectAs(t, otherS, 'GET', `/api/v1/tasks/${theirs.id}`)).statusCode).toBe(200);
  });

  it('deletes a task', async () => {
    const task = await insertTask(t.db, owner.estateId!);
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/tasks/${task.id}`)).statusCode).toBe(200);
    expect((await injectAs(t, ownerS, 'GET', `/api/v1/tasks/${task.id}`)).statusCode).toBe(404);
  });

  it('is not for a beneficiary (403); a planner has no estate of their own (404)', async () => {
    const beneficiary = await insertUser(t.db, { roles: ['beneficiary'] });
    expect((await injectAs(t, await sessionFor(t, beneficiary), 'GET', '/api/v1/tasks')).statusCode).toBe(403);
    const planner = await insertUser(t.db, { roles: ['legacy-planner'] });
    expect((await injectAs(t, await sessionFor(t, planner), 'GET', '/api/v1/tasks')).statusCode).toBe(404);
  });
});

describe('onboarding checklist', () => {
  it('a new owner starts with the onboarding tasks, all pending', async () => {
    const browser = new Browser(t);
    await signUpThroughEmail(t, browser, { name: 'Ruth Okafor', email: `ruth.${Date.now()}@example.com`, password: 'a-long-password' });
    const res = await browser.call('GET', '/api/v1/tasks');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((x: { title: string }) => x.title).sort()).toEqual(ONBOARDING_TASKS.map((x) => x.title).sort());
    expect(body.counts).toEqual({
      total: ONBOARDING_TASKS.length,
      completed: 0,
      pending: ONBOARDING_TASKS.length,
      highPriority: ONBOARDING_TASKS.filter((x) => x.priority === 'high').length,
    });
  });
});

describe('paging', () => {
  const at = new Date('2030-01-01T09:00:00.123Z');
  type Page = { items: { id: string; title: string }[]; nextCursor: string | null; matching: number };

  /** Every page of a list, `limit` at a time: the titles in order. */
  const walk = async (query: string, limit: number) => (await walkPages<Page['items'][number]>(t, ownerS, `/api/v1/tasks${query && `?${query}`}`, limit)).items.map((x) => x.title);

  beforeEach(async () => {
    const e = owner.estateId!;
    // Five pending tasks that tie on everything but the id, and neighbours on each part of the order.
    // No description: the factory's random Latin words can hold "tie" (patientia), and the search reads descriptions too.
    for (let i = 0; i < 5; i += 1) await insertTask(t.db, e, { description: '', title: `Tie ${i}`, status: 'pending', dueDate: '2030-03-01', priority: 'medium', createdAt: at });
    await insertTask(t.db, e, { description: '', title: 'Due first', status: 'pending', dueDate: '2030-02-01', priority: 'low', createdAt: at });
    await insertTask(t.db, e, { description: '', title: 'Same day, high', status: 'pending', dueDate: '2030-03-01', priority: 'high', createdAt: at });
    await insertTask(t.db, e, { description: '', title: 'Same day, low', status: 'pending', dueDate: '2030-03-01', priority: 'low', createdAt: at });
    await insertTask(t.db, e, { description: '', title: 'No date A', status: 'pending', dueDate: null, priority: 'high', createdAt: at });
    await insertTask(t.db, e, { description: '', title: 'No date B', status: 'pending', dueDate: null, priority: 'high', createdAt: at });
    await insertTask(t.db, e, { description: '', title: 'Done early', status: 'completed', dueDate: '2029-01-01', priority: 'high', createdAt: at, completedAt: at });
    await insertTask(t.db, e, { description: '', title: 'Done undated', status: 'completed', dueDate: null, priority: 'low', createdAt: at, completedAt: at });
    await insertTask(t.db, other.estateId!, { description: '', title: 'Tie of another estate', status: 'pending', dueDate: '2030-03-01', priority: 'medium', createdAt: at });
  });

  const byId = async () => {
    const rows = await t.db.select({ id: tasks.id, title: tasks.title }).from(tasks).where(eq(tasks.estateId, owner.estateId!));
    return rows;
  };

  it.each([1, 2, 3, 25])('walks every task once in list order, ties by id, %i a page', async (limit) => {
    const ties = (await byId()).filter((r) => r.title.startsWith('Tie ')).sort((a, b) => (a.id < b.id ? -1 : 1)).map((r) => r.title);
    expect(await walk('', limit)).toEqual([
      'Due first',
      'Same day, high',
      ...ties,
      'Same day, low',
      ...(await byId()).filter((r) => r.title.startsWith('No date')).sort((a, b) => (a.id < b.id ? -1 : 1)).map((r) => r.title),
      'Done early',
      'Done undated',
    ]);
  });

  it('pages a filter and a search, and says how many match in all', async () => {
    expect(await walk('filter=completed', 1)).toEqual(['Done early', 'Done undated']);
    expect(await walk('q=tie', 2)).toHaveLength(5);
    const first = (await list('?q=tie&limit=2')) as Page;
    expect(first.items).toHaveLength(2);
    expect(first.matching).toBe(5);
    expect(((await list('?filter=pending&limit=1')) as Page).matching).toBe(10);
    expect(((await list('?limit=1')) as Page).matching).toBe(12);
  });

  it('refuses a bad page size or a cursor it did not write with a 400 in words', async () => {
    await expectPagingRefusals(t, ownerS, '/api/v1/tasks', [
      'yesterday',
      encodeCursor(['2026-03-01T10:00:00.000Z', '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d']), // a time cursor of another list
      encodeCursor([0, '2030-13-01', 1, '2026-03-01T10:00:00.000Z', '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d']), // an impossible due day
      encodeCursor(['x', '2030-01-01', 1, '2026-03-01T10:00:00.000Z', '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d']), // a rank that is not one
    ]);
  });

  it('a cursor from one owner’s list shows nothing of theirs to another', async () => {
    const mine = (await list('?limit=1')) as Page;
    const res = await injectAs(t, otherS, 'GET', `/api/v1/tasks?limit=100&cursor=${encodeURIComponent(mine.nextCursor!)}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Page).items.map((x) => x.title)).not.toContain('Due first');
    expect((res.json() as Page).items.map((x) => x.title)).not.toContain('Tie 0');
  });
});
