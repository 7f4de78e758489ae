/**
 * The admin's Reports (ADR 0030): buckets by day, week and month computed in SQL in the platform's
 * time zone, running totals, system health from the audit log, job queue, outbox and alerts, top
 * inviters, CSV export, and the refusals. The tests of this file run in order on one database and
 * state what each one adds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminReport } from '../../../core/admin-reports.schemas.ts';
import { DEFAULT_SYSTEM_SETTINGS } from '../../../core/system-settings.schemas.ts';
import type { Role } from '../../../core/roles.ts';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { insertFutureMessage } from '../../../../test/factories/future-messages.ts';
import { insertInvitation } from '../../../../test/factories/invitations.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { adminAlerts, feedback } from '../../db/schema/admin.ts';
import { auditLog, outboxEmails } from '../../db/schema/system.ts';
import { mergeSystemSettings } from '../../settings/get-system-settings.ts';

/** Today is Monday 15 June 2026, noon UTC; the platform's time zone is UTC unless a test says otherwise. */
const NOW = new Date('2026-06-15T12:00:00Z');
const at = (iso: string) => new Date(iso);

let t: TestApp;
let admin: InsertedUser;
let owner: InsertedUser;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
  // Users: three before the 30-day range (17 May – 15 June), four in it.
  admin = await insertUser(t.db, { roles: ['admin'], createdAt: at('2026-01-10T09:00:00Z') });
  await insertUser(t.db, { roles: ['beneficiary'], createdAt: at('2026-03-01T09:00:00Z') });
  await insertUser(t.db, { roles: ['legacy-planner'], createdAt: at('2026-05-16T23:59:59Z') });
  owner = await insertUser(t.db, { roles: ['estate-owner'], createdAt: at('2026-05-17T00:00:00Z') });
  await insertUser(t.db, { roles: ['estate-owner'], createdAt: at('2026-06-01T08:00:00Z') });
  await insertUser(t.db, { roles: ['estate-administrator'], createdAt: at('2026-06-01T20:00:00Z') });
  await insertUser(t.db, { roles: ['estate-owner'], createdAt: at('2026-06-15T11:00:00Z') });
  // Content in the owner's estate.
  const deps = t.app.deps;
  await insertMemory(deps, owner.estateId!, { title: 'Private: Grandma’s letters', createdAt: at('2026-05-16T23:00:00Z') });
  await insertMemory(deps, owner.estateId!, { title: 'Private: Harbour walk', createdAt: at('2026-05-20T10:00:00Z') });
  await insertMemory(deps, owner.estateId!, { title: 'Private: Wedding album', createdAt: at('2026-06-15T09:00:00Z') });
  await insertDocument(deps, owner.estateId!, { title: 'Private: Will', createdAt: at('2026-06-01T12:00:00Z') });
  const recipient = await insertBeneficiary(t.db, owner.estateId!);
  await insertFutureMessage(t.db, owner.estateId!, recipient.id, { subject: 'Private: For your wedding', createdAt: at('2026-06-10T10:00:00Z') });
  await insertFutureMessage(t.db, owner.estateId!, recipient.id, { subject: 'Private: On your 30th', createdAt: at('2026-06-10T18:00:00Z') });
}, 60_000);
afterAll(async () => t.close());

async function report(query: string): Promise<TAdminReport> {
  const res = await injectAs(t, await sessionFor(t, admin), 'GET', `/api/v1/admin/reports?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const csv = async (query: string) => injectAs(t, await sessionFor(t, admin), 'GET', `/api/v1/admin/reports.csv?${query}`);
/** The non-zero points of a series, as { start: value }. */
const nonZero = <T extends { start: string }>(points: T[], key: keyof T) =>
  Object.fromEntries(points.filter((p) => Number(p[key]) !== 0).map((p) => [p.start, p[key]]));

describe('GET /api/v1/admin/reports', () => {
  it('counts new users per day with the running total, and content created per day, over the last 30 days', async () => {
    const r = await report('range=30d');
    expect(r.range).toEqual({ key: '30d', from: '2026-05-17', to: '2026-06-15', timeZone: 'UTC', bucket: 'day' });
    expect(r.userGrowth).toHaveLength(30);
    expect(r.userGrowth[0]).toEqual({ start: '2026-05-17', newUsers: 1, totalUsers: 4 });
    expect(r.userGrowth.find((p) => p.start === '2026-05-31')).toEqual({ start: '2026-05-31', newUsers: 0, totalUsers: 4 });
    expect(r.userGrowth.find((p) => p.start === '2026-06-01')).toEqual({ start: '2026-06-01', newUsers: 2, totalUsers: 6 });
    expect(r.userGrowth.at(-1)).toEqual({ start: '2026-06-15', newUsers: 1, totalUsers: 7 });
    expect(nonZero(r.userGrowth, 'newUsers')).toEqual({ '2026-05-17': 1, '2026-06-01': 2, '2026-06-15': 1 });

    expect(nonZero(r.contentCreation, 'memories')).toEqual({ '2026-05-20': 1, '2026-06-15': 1 });
    expect(nonZero(r.contentCreation, 'documents')).toEqual({ '2026-06-01': 1 });
    expect(nonZero(r.contentCreation, 'futureMessages')).toEqual({ '2026-06-10': 2 });
    expect(r.totals).toEqual({
      newUsers: 4,
      totalUsers: 7,
      memories: 2,
      documents: 1,
      futureMessages: 2,
      failedSignIns: 0,
      lockOuts: 0,
      failedJobs: 0,
      mailFailures: 0,
      slowRequestAlerts: 0,
    });
    // Counts only: the admin sees no title or subject of any estate's content.
    expect(JSON.stringify(r)).not.toContain('Private');
  });

  it('buckets days in the platform’s time zone: 23:30 UTC in June is the next day in London', async () => {
    await insertDocument(t.app.deps, owner.estateId!, { createdAt: at('2026-04-12T23:30:00Z') });
    await insertDocument(t.app.deps, owner.estateId!, { createdAt: at('2026-04-14T23:30:00Z') });
    const q = 'range=custom&from=2026-04-13&to=2026-04-15';
    const utc = await report(q);
    expect(utc.contentCreation.map((p) => [p.start, p.documents])).toEqual([
      ['2026-04-13', 0],
      ['2026-04-14', 1],
      ['2026-04-15', 0],
    ]);
    await mergeSystemSettings(t.db, { ...DEFAULT_SYSTEM_SETTINGS, defaultTimeZone: 'Europe/London' });
    try {
      const london = await report(q);
      expect(london.range).toMatchObject({ from: '2026-04-13', to: '2026-04-15', timeZone: 'Europe/London', bucket: 'day' });
      expect(london.contentCreation.map((p) => [p.start, p.documents])).toEqual([
        ['2026-04-13', 1], // 12 April 23:30 UTC is 00:30 on the 13th in London (BST)
        ['2026-04-14', 0],
        ['2026-04-15', 1],
      ]);
      expect(london.totals.documents).toBe(2);
    } finally {
      await mergeSystemSettings(t.db, DEFAULT_SYSTEM_SETTINGS);
    }
  });

  it('counts by week (Mondays) over 90 days and by month over 12 months', async () => {
    const weekly = await report('range=90d');
    expect(weekly.range).toMatchObject({ from: '2026-03-18', to: '2026-06-15', bucket: 'week' });
    expect(weekly.contentCreation.map((p) => p.start)).toEqual([
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
      '2026-04-06',
      '2026-04-13',
      '2026-04-20',
      '2026-04-27',
      '2026-05-04',
      '2026-05-11',
      '2026-05-18',
      '2026-05-25',
      '2026-06-01',
      '2026-06-08',
      '2026-06-15',
    ]);
    expect(nonZero(weekly.contentCreation, 'documents')).toEqual({ '2026-04-06': 1, '2026-04-13': 1, '2026-06-01': 1 });
    // Saturday 16 May 23:00 is in the week of the 11th; Wednesday 20 May in the week of the 18th.
    expect(nonZero(weekly.contentCreation, 'memories')).toEqual({ '2026-05-11': 1, '2026-05-18': 1, '2026-06-15': 1 });
    expect(nonZero(weekly.contentCreation, 'futureMessages')).toEqual({ '2026-06-08': 2 });
    expect(nonZero(weekly.userGrowth, 'newUsers')).toEqual({ '2026-05-11': 2, '2026-06-01': 2, '2026-06-15': 1 });
    expect(weekly.userGrowth[0]).toEqual({ start: '2026-03-16', newUsers: 0, totalUsers: 2 });

    const monthly = await report('range=12m');
    expect(monthly.range).toMatchObject({ from: '2025-07-01', to: '2026-06-15', bucket: 'month' });
    expect(monthly.userGrowth.map((p) => [p.start, p.newUsers, p.totalUsers])).toEqual([
      ['2025-07-01', 0, 0],
      ['2025-08-01', 0, 0],
      ['2025-09-01', 0, 0],
      ['2025-10-01', 0, 0],
      ['2025-11-01', 0, 0],
      ['2025-12-01', 0, 0],
      ['2026-01-01', 1, 1],
      ['2026-02-01', 0, 1],
      ['2026-03-01', 1, 2],
      ['2026-04-01', 0, 2],
      ['2026-05-01', 2, 4],
      ['2026-06-01', 3, 7],
    ]);
    expect(nonZero(monthly.contentCreation, 'memories')).toEqual({ '2026-05-01': 2, '2026-06-01': 1 });
    expect(monthly.totals).toMatchObject({ newUsers: 7, totalUsers: 7, memories: 3, documents: 3, futureMessages: 2 });

    // A custom range of two months is counted by week; of a year and a day, by month.
    expect((await report('range=custom&from=2026-01-01&to=2026-02-28')).range.bucket).toBe('week');
    expect((await report('range=custom&from=2024-06-15&to=2026-06-14')).userGrowth).toHaveLength(25);
  });

  it('reads system health from failed sign-ins, lock-outs, failed jobs, failing mail and slow-request alerts', async () => {
    // Start the job queue (its tables appear on first use), then record one failed job in it and one archived.
    await t.app.deps.jobs.runDue();
    await t.database.execute(
      `insert into pgboss.job (name, state, completed_on) values ('send-outbox', 'failed', '2026-02-14T06:00:00Z'), ('send-outbox', 'completed', '2026-02-14T06:00:00Z')`,
    );
    await t.database.execute(`insert into pgboss.job (name, state, completed_on, singleton_key) values ('send-outbox', 'failed', '2026-02-16T06:00:00Z', 'to-archive')`);
    await t.database.execute(
      `with moved as (delete from pgboss.job where singleton_key = 'to-archive' returning *) insert into pgboss.archive select *, now() from moved`,
    );
    await t.db.insert(auditLog).values([
      { at: at('2026-02-03T08:00:00Z'), action: 'auth.sign_in_failed', details: {} },
      { at: at('2026-02-03T08:01:00Z'), action: 'auth.sign_in_failed', details: {} },
      { at: at('2026-02-03T23:59:59Z'), action: 'auth.sign_in_failed', details: {} },
      { at: at('2026-02-03T08:02:00Z'), action: 'auth.account_locked', details: {} },
      { at: at('2026-01-31T23:59:59Z'), action: 'auth.sign_in_failed', details: {} }, // before the range
      { at: at('2026-02-03T09:00:00Z'), action: 'auth.sign_in', details: {} }, // a success
    ]);
    const mail = { to: 'someone@example.com', subject: 'S', text: 'T', kind: 'notification' };
    await t.db.insert(outboxEmails).values([
      { ...mail, createdAt: at('2026-02-10T10:00:00Z'), error: '550 mailbox unavailable' },
      { ...mail, createdAt: at('2026-02-10T11:00:00Z'), error: 'connection refused' },
      { ...mail, createdAt: at('2026-02-10T12:00:00Z'), error: 'first try failed', sentAt: at('2026-02-10T12:05:00Z') }, // went on a retry
      { ...mail, createdAt: at('2026-03-01T10:00:00Z'), error: 'after the range' },
    ]);
    await t.db.insert(adminAlerts).values([
      { type: 'performance', message: 'Slow requests', createdAt: at('2026-02-20T10:00:00Z'), updatedAt: at('2026-02-20T10:00:00Z') },
      { type: 'security', message: 'Failed sign-ins', createdAt: at('2026-02-20T10:00:00Z'), updatedAt: at('2026-02-20T10:00:00Z') },
    ]);

    const r = await report('range=custom&from=2026-02-01&to=2026-02-28');
    expect(r.range).toMatchObject({ bucket: 'day' });
    expect(r.systemHealth).toHaveLength(28);
    expect(nonZero(r.systemHealth, 'failedSignIns')).toEqual({ '2026-02-03': 3 });
    expect(nonZero(r.systemHealth, 'lockOuts')).toEqual({ '2026-02-03': 1 });
    expect(nonZero(r.systemHealth, 'failedJobs')).toEqual({ '2026-02-14': 1, '2026-02-16': 1 });
    expect(nonZero(r.systemHealth, 'mailFailures')).toEqual({ '2026-02-10': 2 });
    expect(nonZero(r.systemHealth, 'slowRequestAlerts')).toEqual({ '2026-02-20': 1 });
    expect(r.totals).toMatchObject({ failedSignIns: 3, lockOuts: 1, failedJobs: 2, mailFailures: 2, slowRequestAlerts: 1 });
  });

  it('ranks the top inviters by invitations sent in the range, then accepted, then name', async () => {
    const names = ['Ruth Planner', 'Sam "The Planner", Jr', 'Tom Ng', 'Aaron Tall', '=HYPERLINK("http://x")'];
    const [ruth, sam, tom, aaron, uma] = await Promise.all(names.map((name) => insertUser(t.db, { roles: ['legacy-planner'], name })));
    let n = 0;
    const invite = (by: InsertedUser | null, createdAt: string, accepted: boolean) =>
      insertInvitation(t.db, {
        email: `invitee${n++}@example.com`,
        role: 'estate-owner',
        kind: by ? 'planner-client' : 'sign-up',
        invitedBy: by?.id ?? null,
        createdAt: at(createdAt),
        acceptedAt: accepted ? at('2026-06-14T10:00:00Z') : null,
      });
    for (const accepted of [true, true, false]) await invite(ruth!, '2026-06-03T10:00:00Z', accepted);
    for (const accepted of [true, false, false]) await invite(sam!, '2026-06-05T10:00:00Z', accepted);
    await invite(tom!, '2026-06-07T10:00:00Z', true);
    await invite(aaron!, '2026-06-07T10:00:00Z', true);
    await invite(uma!, '2026-06-08T10:00:00Z', false);
    for (let i = 0; i < 5; i++) await invite(uma!, '2026-05-20T10:00:00Z', true); // before the range
    await invite(null, '2026-06-08T10:00:00Z', true); // a sign-up link: nobody sent it

    const r = await report('range=custom&from=2026-06-01&to=2026-06-15');
    expect(r.topInviters).toEqual([
      { userId: ruth!.id, name: 'Ruth Planner', sent: 3, accepted: 2 },
      { userId: sam!.id, name: 'Sam "The Planner", Jr', sent: 3, accepted: 1 },
      { userId: aaron!.id, name: 'Aaron Tall', sent: 1, accepted: 1 },
      { userId: tom!.id, name: 'Tom Ng', sent: 1, accepted: 1 },
      { userId: uma!.id, name: '=HYPERLINK("http://x")', sent: 1, accepted: 0 },
    ]);

    const res = await csv('report=top-inviters&range=custom&from=2026-06-01&to=2026-06-15');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="heirloom-top-inviters_2026-06-01_2026-06-15.csv"');
    expect(res.body).toBe(
      '\uFEFFRank,Name,Invitations sent,Accepted\r\n' +
        '1,Ruth Planner,3,2\r\n' +
        '2,"Sam ""The Planner"", Jr",3,1\r\n' +
        '3,Aaron Tall,1,1\r\n' +
        '4,Tom Ng,1,1\r\n' +
        '5,"\'=HYPERLINK(""http://x"")",1,0\r\n',
    );
  });
});

describe('GET /api/v1/admin/reports.csv', () => {
  it('exports the series of the range, one row per bucket, as an RFC 4180 attachment', async () => {
    const res = await csv('range=30d');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toBe('attachment; filename="heirloom-series_2026-05-17_2026-06-15.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFDay,New users,Total users,Memories,Documents,Future messages,Failed sign-ins,Lock-outs,Failed jobs,Mail failures,Slow-request alerts');
    expect(lines).toHaveLength(32); // header, 30 days, and the empty string after the last CRLF
    expect(lines[1]).toBe('2026-05-17,1,4,0,0,0,0,0,0,0,0');
    expect(lines.find((l) => l.startsWith('2026-06-01'))).toBe('2026-06-01,2,6,0,1,0,0,0,0,0,0');
    expect(lines.find((l) => l.startsWith('2026-06-10'))).toBe('2026-06-10,0,6,0,0,2,0,0,0,0,0');
    expect(lines[30]).toBe('2026-06-15,1,7,1,0,0,0,0,0,0,0');
    expect(lines[31]).toBe('');
    const monthly = await csv('range=12m');
    expect(monthly.body.split('\r\n')[0]).toBe('\uFEFFMonth starting,New users,Total users,Memories,Documents,Future messages,Failed sign-ins,Lock-outs,Failed jobs,Mail failures,Slow-request alerts');
  });

  it('exports the feedback sent in the range, newest first, with formulas defused and line breaks quoted', async () => {
    const sender = await insertUser(t.db, { roles: ['estate-owner'], name: 'Nora Field' });
    await t.db.insert(feedback).values([
      { userId: sender.id, category: 'bug', message: 'Upload fails,\nevery time', page: '/estate-owner/documents', createdAt: at('2026-06-02T10:00:00Z') },
      { userId: sender.id, category: 'feature', message: '+1 for dark mode', page: '/estate-owner', createdAt: at('2026-06-03T10:00:00Z') },
      { userId: null, category: 'other', message: 'From a deleted account', page: '', createdAt: at('2026-06-04T10:00:00Z') },
      { userId: sender.id, category: 'other', message: 'Too early', page: '', createdAt: at('2026-05-31T23:59:59Z') },
    ]);
    const res = await csv('report=feedback&range=custom&from=2026-06-01&to=2026-06-15');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      '\uFEFFSent (UTC),From,Category,Page,Message\r\n' +
        '2026-06-04T10:00:00.000Z,,Other,,From a deleted account\r\n' +
        "2026-06-03T10:00:00.000Z,Nora Field,Feature request,/estate-owner,'+1 for dark mode\r\n" +
        '2026-06-02T10:00:00.000Z,Nora Field,Bug report,/estate-owner/documents,"Upload fails,\nevery time"\r\n',
    );
  });
});

describe('refusals', () => {
  it('answers 400 with a plain message for a bad range, and changes nothing', async () => {
    const cases: [string, string, string][] = [
      ['range=custom&from=2026-06-10&to=2026-06-01', 'to', 'The end date must be on or after the start date'],
      ['range=custom&from=2020-01-01&to=2025-01-01', 'to', 'A custom range can span at most two years'],
      ['range=custom&from=yesterday&to=2026-06-01', 'from', 'Enter a real date'],
      ['range=custom&from=2026-02-30&to=2026-03-01', 'from', 'Enter a real date'],
      ['range=custom&to=2026-06-01', 'from', 'Choose a start date for a custom range'],
      ['range=custom&from=2026-06-01', 'to', 'Choose an end date for a custom range'],
      ['range=5y', 'range', 'Must be one of 30d, 90d, 12m, custom'],
    ];
    const s = await sessionFor(t, admin);
    for (const [query, field, message] of cases) {
      for (const path of ['/api/v1/admin/reports', '/api/v1/admin/reports.csv']) {
        const res = await injectAs(t, s, 'GET', `${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json().error.fields[field], query).toBe(message);
      }
    }
    const kind = await injectAs(t, s, 'GET', '/api/v1/admin/reports.csv?report=passwords');
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error.fields.report).toBe('Must be one of series, top-inviters, feedback');
    expect((await injectAs(t, s, 'GET', '/api/v1/admin/reports?range=30d&tz=Mars')).statusCode).toBe(400);
  });

  it('refuses every role but admin (403) and a signed-out visitor (401)', async () => {
    const roles: Role[] = ['estate-owner', 'legacy-planner', 'beneficiary', 'estate-administrator'];
    for (const role of roles) {
      const s = await sessionFor(t, await insertUser(t.db, { roles: [role] }));
      for (const path of ['/api/v1/admin/reports', '/api/v1/admin/reports.csv', '/api/v1/admin/reports.csv?report=feedback', '/api/v1/admin/feedback']) {
        const res = await injectAs(t, s, 'GET', path);
        expect(res.statusCode, `${role} ${path}`).toBe(403);
        expect(res.body).not.toContain('Nora');
      }
    }
    expect((await injectAs(t, null, 'GET', '/api/v1/admin/reports')).statusCode).toBe(401);
    expect((await injectAs(t, null, 'GET', '/api/v1/admin/reports.csv')).statusCode).toBe(401);
  });
});
