import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { insertClientOf, insertPlanner, pdfText } from '../../../../test/factories/planner-tools.ts';
import { insertTask } from '../../../../test/factories/tasks.ts';
import { insertOwner, insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { buildTestApp, emailsTo, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';

let t: TestApp;
let planner: InsertedUser;
let plannerS: TestSession;
let client: Awaited<ReturnType<typeof insertClientOf>>;
let othersClient: Awaited<ReturnType<typeof insertClientOf>>;
let stranger: InsertedUser;

beforeAll(async () => {
  t = await buildTestApp();
  planner = await insertPlanner(t.db, undefined, { name: 'David Chen' });
  plannerS = await sessionFor(t, planner);
  client = await insertClientOf(t.db, planner, { name: 'Margaret Ellis' });
  othersClient = await insertClientOf(t.db, await insertPlanner(t.db));
  stranger = await insertOwner(t.db);
  await insertDocument(t.app.deps, client.estateId, { title: 'Sapphire Cottage Deed', type: 'legal' });
  await insertDocument(t.app.deps, client.estateId, { title: 'Pension Summary Zebra', type: 'financial' });
  await insertMemory(t.app.deps, client.estateId, { title: 'Picnic at Lochinver Bay' });
  await insertTask(t.db, client.estateId, { title: 'Upload the house insurance policy', priority: 'high', dueDate: '2030-01-15' });
});
afterAll(async () => t.close());

const get = (path: string, s: TestSession = plannerS) => injectAs(t, s, 'GET', path);

describe('Assistance Tools: files made from a client’s progress', () => {
  it('lists only the planner’s own clients for the pickers', async () => {
    const res = await get('/api/v1/planner/tools/clients');
    expect(res.json()).toEqual({ items: [{ id: client.estateId, estateId: client.estateId, name: 'Margaret Ellis' }], nextCursor: null });
  });

  it('pages the pickers’ clients by (name, id), every client once even when names tie, never another planner’s', async () => {
    const p = await insertPlanner(t.db, undefined, { name: 'Many Clients' });
    const s = await sessionFor(t, p);
    const made = [];
    for (const name of ['Zoe Adams', 'Ann Baker', 'Ann Baker', 'Ann Baker', 'Carl Diaz', 'Ann Baker', 'Bea Cole']) made.push(await insertClientOf(t.db, p, { name }));
    await insertClientOf(t.db, await insertPlanner(t.db), { name: 'Ann Baker' });
    const expected = made
      .map((c) => ({ name: c.owner.name, id: c.estateId }))
      .sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1))
      .map((c) => c.id);
    for (const limit of [1, 2, 3, 100]) {
      expect((await walkPages<{ id: string }>(t, s, '/api/v1/planner/tools/clients', limit)).items.map((c) => c.id)).toEqual(expected);
    }
    expect((await get('/api/v1/planner/tools/clients', s)).json().items).toHaveLength(7);
  });

  it('refuses a bad limit or a cursor it did not write with a 400 in words, and an owner with a 403', async () => {
    await expectPagingRefusals(t, plannerS, '/api/v1/planner/tools/clients', ['abc', `${'x'.repeat(36)}|Ann`], { also: ['page=2'] });
    expect((await get('/api/v1/planner/tools/clients', await sessionFor(t, client.owner))).statusCode).toBe(403);
  });

  it('downloads the Legacy Checklist as a PDF with areas and open tasks, never a vault title', async () => {
    const res = await get(`/api/v1/planner/tools/legacy-checklist/${client.estateId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="legacy-checklist-margaret-ellis.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Legacy Checklist — Margaret Ellis');
    expect(text).toContain('Legal Document: 1 of 5');
    expect(text).toContain('Upload the house insurance policy (High) — due 2030-01-15');
    expect(text).toContain('Turn on two-factor authentication');
    for (const secret of ['Sapphire', 'Zebra', 'Lochinver']) {
      expect(text).not.toContain(secret);
      expect(res.rawPayload.toString('latin1')).not.toContain(secret);
    }
  });

  it('downloads the Document Gathering Worksheet with counts per category only', async () => {
    const res = await get(`/api/v1/planner/tools/document-worksheet/${client.estateId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="document-worksheet-margaret-ellis.pdf"');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Already in Heirloom: 1 document.');
    expect(text).toContain('Birth certificate');
    expect(text).toContain('Nothing stored in this category yet.');
    expect(text).not.toContain('Sapphire');
  });

  it('is 404 for another planner’s client, an estate that is no client, and 400 for a malformed id', async () => {
    for (const tool of ['legacy-checklist', 'document-worksheet']) {
      expect((await get(`/api/v1/planner/tools/${tool}/${othersClient.estateId}`)).statusCode).toBe(404);
      expect((await get(`/api/v1/planner/tools/${tool}/${stranger.estateId}`)).statusCode).toBe(404);
      const bad = await get(`/api/v1/planner/tools/${tool}/not-an-id`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('estateId');
    }
  });

  it('is refused to an estate owner (no planner role)', async () => {
    const s = await sessionFor(t, client.owner);
    expect((await get(`/api/v1/planner/tools/legacy-checklist/${client.estateId}`, s)).statusCode).toBe(403);
  });

  it('exports every client’s progress as a spreadsheet-safe CSV', async () => {
    const tricky = await insertClientOf(t.db, planner, { name: '=HYPERLINK("x"), "Jr"', phone: '+1 555 0100' });
    const res = await get('/api/v1/planner/tools/client-progress.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="client-progress_\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFFName,Email,Phone,Progress %,Last active\r\n')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines).toHaveLength(4); // header, two clients, and the empty string after the last CRLF
    expect(lines).toContain(`"'=HYPERLINK(""x""), ""Jr""",${tricky.owner.email},'+1 555 0100,8,`);
    expect(lines.some((l) => l.startsWith(`Margaret Ellis,${client.owner.email},`))).toBe(true);
    expect(body).not.toContain(othersClient.owner.email);
  });
});

describe('Learning Resources', () => {
  it('lists the articles with title, summary and reading minutes', async () => {
    const { resources } = (await get('/api/v1/planner/resources')).json();
    expect(resources.length).toBeGreaterThanOrEqual(6);
    expect(resources).toContainEqual(expect.objectContaining({ slug: 'starting-the-conversation', title: 'Starting the conversation with your family', minutes: 4 }));
  });

  it('searches the body too, best match first', async () => {
    // "codicils" appears only in the body of the documents article.
    const { resources } = (await get('/api/v1/planner/resources?q=codicils')).json();
    expect(resources.map((r: { slug: string }) => r.slug)).toEqual(['gathering-the-documents']);
    expect((await get('/api/v1/planner/resources?q=zzqx')).json().resources).toEqual([]);
  });

  it('reads one article as HTML; an unknown slug is 404 and a malformed one 400', async () => {
    const res = await get('/api/v1/planner/resources/gathering-the-documents');
    expect(res.statusCode).toBe(200);
    expect(res.json().html).toContain('<h2>Legal documents</h2>');
    expect((await get('/api/v1/planner/resources/no-such-article')).statusCode).toBe(404);
    const bad = await get('/api/v1/planner/resources/..%2Fsecrets');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('slug');
  });
});

describe('Planner settings', () => {
  it('persists visibility, appointment emails, time zone and contact method', async () => {
    const p = await insertPlanner(t.db);
    const s = await sessionFor(t, p);
    const before = (await injectAs(t, s, 'GET', '/api/v1/settings')).json();
    expect(before).toMatchObject({ plannerVisibility: 'Private', plannerAppointmentEmails: true, plannerTimeZone: 'ET', plannerContactMethod: 'Email' });
    const patch = { plannerVisibility: 'Clients Only', plannerAppointmentEmails: false, plannerTimeZone: 'PT', plannerContactMethod: 'In-App Messages' };
    expect((await injectAs(t, s, 'PATCH', '/api/v1/settings', patch)).statusCode).toBe(200);
    expect((await injectAs(t, s, 'GET', '/api/v1/settings')).json()).toMatchObject(patch);
  });

  it('refuses planner keys to other accounts (403) and bad values (400 naming the field)', async () => {
    const ownerS = await sessionFor(t, await insertOwner(t.db));
    const refused = await injectAs(t, ownerS, 'PATCH', '/api/v1/settings', { plannerVisibility: 'Public' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain('Only a legacy planner');
    const bad = await injectAs(t, plannerS, 'PATCH', '/api/v1/settings', { plannerTimeZone: 'GMT', plannerVisibility: 'Everyone' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['plannerTimeZone', 'plannerVisibility']));
  });

  it('offers only Public planners to owners adding a support-team member', async () => {
    const publicP = await insertPlanner(t.db, undefined, { name: 'Aisha Public' });
    const clientsOnly = await insertPlanner(t.db, undefined, { name: 'Ben ClientsOnly' });
    const privateP = await insertPlanner(t.db, undefined, { name: 'Cora Private' });
    for (const [p, plannerVisibility] of [
      [publicP, 'Public'],
      [clientsOnly, 'Clients Only'],
      [privateP, 'Private'],
    ] as const) {
      await injectAs(t, await sessionFor(t, p), 'PATCH', '/api/v1/settings', { plannerVisibility });
    }
    const ownerS = await sessionFor(t, await insertOwner(t.db));
    const names = (await injectAs(t, ownerS, 'GET', '/api/v1/support-team/available-planners')).json().planners.map((p: { name: string }) => p.name);
    expect(names).toContain('Aisha Public');
    expect(names).not.toContain('Ben ClientsOnly');
    expect(names).not.toContain('Cora Private');
  });

  it('shows a Clients Only planner, with their contact method, on a current client’s support team', async () => {
    const p = await insertPlanner(t.db, { plannerVisibility: 'Clients Only', plannerContactMethod: 'Phone' });
    const c = await insertClientOf(t.db, p);
    const { members } = (await injectAs(t, await sessionFor(t, c.owner), 'GET', '/api/v1/support-team')).json();
    expect(members).toEqual([expect.objectContaining({ name: p.name, email: p.email, preferredContact: 'Phone' })]);
  });

  it('emails the planner about a new appointment request only while the toggle is on', async () => {
    const p = await insertPlanner(t.db);
    const c = await insertClientOf(t.db, p);
    const ownerS = await sessionFor(t, c.owner);
    const date = new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
    const book = (time: string) =>
      injectAs(t, ownerS, 'POST', '/api/v1/appointments', {
        type: 'Legacy Planning Session',
        supportMemberId: c.member.id,
        date,
        time,
        timeZone: 'UTC',
        persona: 'estate-owner',
      });
    expect((await book('10:00')).statusCode).toBe(201);
    expect(await emailsTo(t, p.email)).toHaveLength(1);

    await injectAs(t, await sessionFor(t, p), 'PATCH', '/api/v1/settings', { plannerAppointmentEmails: false });
    expect((await book('14:00')).statusCode).toBe(201);
    expect(await emailsTo(t, p.email)).toHaveLength(1);
    // The in-app notification is still made.
    const pS = await sessionFor(t, p);
    const notes = (await injectAs(t, pS, 'GET', '/api/v1/notifications')).json();
    // written in the planner's own zone (ET by default): 14:00 UTC is 09:00 EST or 10:00 EDT
    expect(JSON.stringify(notes)).toMatch(/(09|10):00–(10|11):00 ET/);
  });
});

describe('a non-planner account', () => {
  it('cannot read the resources', async () => {
    const s = await sessionFor(t, await insertUser(t.db, { roles: ['beneficiary'] }));
    expect((await get('/api/v1/planner/resources', s)).statusCode).toBe(403);
  });
});
