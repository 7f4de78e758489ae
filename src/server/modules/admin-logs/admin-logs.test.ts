import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LOG_PAGE_SIZE, type TAuditActions, type TAuditLogPage } from '../../../core/admin-logs.schemas.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { walkPages } from '../../../../test/walk-pages.ts';
import { parseCsv } from '../../../../test/parse-csv.ts';
import { auditLog } from '../../db/schema/system.ts';
import { mergeSystemSettings } from '../../settings/get-system-settings.ts';

let t: TestApp;
let admin: InsertedUser;
let adminS: TestSession;
let margaret: InsertedUser;
let planner: InsertedUser;

type Row = typeof auditLog.$inferInsert;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(at('2026-06-15T12:00:00Z'));
  admin = await insertUser(t.db, { roles: ['admin'], name: 'Avery Admin', email: 'avery@heirloom.test' });
  adminS = await sessionFor(t, admin);
  margaret = await insertUser(t.db, { roles: ['estate-owner'], name: 'Margaret Ellis', email: 'margaret@example.com' });
  planner = await insertUser(t.db, { roles: ['legacy-planner'], name: 'Paul Planner', email: 'paul@example.com' });
  const rows: Row[] = [];
  // 120 of Margaret's memory.created over 10 days (from 1 June 00:00 UTC, every 2 hours), then the planner's sign-ins
  for (let i = 0; i < 120; i++) {
    rows.push({ at: new Date(Date.UTC(2026, 5, 1) + i * 2 * 3600_000), action: 'memory.created', actorUserId: margaret.id, estateId: margaret.estateId, targetType: 'memory', targetId: `a1b2c3d4-0000-4000-8000-${String(i).padStart(12, '0')}`, ip: '203.0.113.7', details: {} });
  }
  rows.push({ at: at('2026-06-12T03:30:00Z'), action: 'auth.sign_in', actorUserId: planner.id, ip: '198.51.100.4', details: {} });
  rows.push({ at: at('2026-06-12T05:30:00Z'), action: 'auth.sign_in_failed', actorUserId: planner.id, ip: '198.51.100.4', details: { reason: 'password' } });
  rows.push({ at: at('2026-06-13T09:00:00Z'), action: 'estate_report.created', actorUserId: null, ip: '', details: {} });
  await t.db.insert(auditLog).values(rows);
});
afterAll(async () => t.close());

const page = async (query: string, s: TestSession = adminS): Promise<TAuditLogPage> => {
  const res = await injectAs(t, s, 'GET', `/api/v1/admin/logs${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAuditLogPage;
};

/** Every page of a query, following nextCursor (the log's pages are a fixed size). */
const allPages = async (query: string) => (await walkPages<TAuditLogPage['items'][number]>(t, adminS, `/api/v1/admin/logs${query}`, AUDIT_LOG_PAGE_SIZE, undefined, { fixedPageSize: true })).items;

describe('who may read the audit log', () => {
  it('refuses every other role (403) and anonymous callers (401)', async () => {
    for (const role of ['estate-owner', 'legacy-planner', 'beneficiary', 'estate-administrator'] as const) {
      const s = await sessionFor(t, await insertUser(t.db, { roles: [role] }));
      for (const url of ['/api/v1/admin/logs', '/api/v1/admin/logs/actions', '/api/v1/admin/logs.csv']) {
        expect((await injectAs(t, s, 'GET', url)).statusCode, `${role} ${url}`).toBe(403);
      }
    }
    expect((await injectAs(t, null, 'GET', '/api/v1/admin/logs')).statusCode).toBe(401);
  });
});

describe('Logs list', () => {
  it('pages every entry newest first by id, 50 at a time, with no row twice or missed', async () => {
    const first = await page('');
    expect(first.items).toHaveLength(50);
    expect(first.items[0]).toMatchObject({ action: 'estate_report.created', description: 'Estate report created', actorName: null, target: '', ip: '' });
    expect(first.items[1]).toMatchObject({
      action: 'auth.sign_in_failed',
      description: 'Failed sign-in attempt',
      actorName: 'Paul Planner',
      actorEmail: 'paul@example.com',
      ip: '198.51.100.4',
      at: '2026-06-12T05:30:00.000Z',
    });
    expect(first.items[3]).toMatchObject({ description: 'Memory created', target: 'memory a1b2c3d4', actorName: 'Margaret Ellis' });
    const all = await allPages('');
    expect(all).toHaveLength(123);
    expect(new Set(all.map((r) => r.id)).size).toBe(123);
    const ids = all.map((r) => Number(r.id));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('searches actions (by name or words) and actors (name or email), case-insensitively', async () => {
    expect((await allPages('?q=FAILED')).map((r) => r.action)).toEqual(['auth.sign_in_failed']);
    expect((await allPages('?q=signed%20in')).map((r) => r.action)).toEqual(['auth.sign_in']);
    expect(await allPages('?q=paul%40example')).toHaveLength(2);
    expect(await allPages('?q=ellis')).toHaveLength(120);
    expect(await allPages('?q=nobody-at-all')).toHaveLength(0);
    // LIKE wildcards are text, not patterns
    expect(await allPages('?q=%25')).toHaveLength(0);
  });

  it('filters by actor (and names them), by action, and by dates in the system time zone, both days included', async () => {
    const byActor = await page(`?actor=${planner.id}`);
    expect(byActor.actorName).toBe('Paul Planner');
    expect(byActor.items.map((r) => r.action)).toEqual(['auth.sign_in_failed', 'auth.sign_in']);
    expect(await allPages(`?action=memory.created&actor=${margaret.id}`)).toHaveLength(120);
    // 2 June and 3 June UTC: 24 entries (every 2 hours)
    expect(await allPages('?action=memory.created&from=2026-06-02&to=2026-06-03')).toHaveLength(24);
    // 12 June: 2 planner rows in UTC; in New York (UTC−4) 12 June starts at 04:00 UTC, so only the 05:30 one
    expect(await allPages('?from=2026-06-12&to=2026-06-12')).toHaveLength(2);
    await mergeSystemSettings(t.db, { defaultTimeZone: 'America/New_York' });
    expect((await allPages('?from=2026-06-12&to=2026-06-12')).map((r) => r.action)).toEqual(['auth.sign_in_failed']);
    await mergeSystemSettings(t.db, { defaultTimeZone: 'UTC' });
  });

  it('pages a filtered list across pages with the filter kept', async () => {
    const first = await page('?action=memory.created&from=2026-06-01&to=2026-06-10');
    expect(first.items).toHaveLength(50);
    const second = await page(`?action=memory.created&from=2026-06-01&to=2026-06-10&cursor=${first.nextCursor}`);
    const third = await page(`?action=memory.created&from=2026-06-01&to=2026-06-10&cursor=${second.nextCursor}`);
    expect([second.items.length, third.items.length, third.nextCursor]).toEqual([50, 20, null]);
    expect(third.items.every((r) => r.action === 'memory.created')).toBe(true);
  });

  it('refuses bad filters with a 400 and a plain message', async () => {
    const cases: [string, string][] = [
      ['?from=2026-06-10&to=2026-06-01', 'The start date must be on or before the end date'],
      ['?from=June%201', 'Enter a real date'],
      ['?cursor=abc', 'Not a cursor this list gave: start from the first page'],
      ['?actor=margaret', 'Choose one from the list'],
      ['?action=DROP%20TABLE', 'Not an action name'],
      ['?page=2', ''],
    ];
    for (const [query, message] of cases) {
      const res = await injectAs(t, adminS, 'GET', `/api/v1/admin/logs${query}`);
      expect(res.statusCode, query).toBe(400);
      if (message) expect(JSON.stringify(res.json().error), query).toContain(message);
    }
  });

  it('lists the actions the log holds for the Action filter, with their words', async () => {
    const res = await injectAs(t, adminS, 'GET', '/api/v1/admin/logs/actions');
    const { items } = res.json() as TAuditActions;
    expect(items.filter((i) => !i.action.startsWith('audit_log.'))).toEqual([
      { action: 'auth.sign_in', description: 'Signed in' },
      { action: 'auth.sign_in_failed', description: 'Failed sign-in attempt' },
      { action: 'estate_report.created', description: 'Estate report created' },
      { action: 'memory.created', description: 'Memory created' },
    ]);
  });
});

describe('Logs CSV', () => {
  it('exports the filtered entries as RFC 4180 CSV with a header row, newest first, and audits the export', async () => {
    const res = await injectAs(t, adminS, 'GET', `/api/v1/admin/logs.csv?actor=${planner.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log_2026-06-15.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(res.body.slice(1))).toEqual([
      ['Time (UTC)', 'Actor', 'Actor email', 'Action', 'Action code', 'Target', 'IP address'],
      ['2026-06-12T05:30:00.000Z', 'Paul Planner', 'paul@example.com', 'Failed sign-in attempt', 'auth.sign_in_failed', '', '198.51.100.4'],
      ['2026-06-12T03:30:00.000Z', 'Paul Planner', 'paul@example.com', 'Signed in', 'auth.sign_in', '', '198.51.100.4'],
    ]);
    const exported = await t.db.select().from(auditLog).where(eq(auditLog.action, 'audit_log.exported'));
    expect(exported.at(-1)).toMatchObject({ actorUserId: admin.id, details: { actor: planner.id } });
  });

  it('streams more than one batch (1000 rows) with every row once', async () => {
    await t.db.insert(auditLog).values(Array.from({ length: 1500 }, (_, i) => ({ at: at('2026-06-14T00:00:00Z'), action: 'bulk.tested', details: { i } })));
    const res = await injectAs(t, adminS, 'GET', '/api/v1/admin/logs.csv?action=bulk.tested');
    const records = parseCsv(res.body.slice(1));
    expect(records).toHaveLength(1501);
    expect(records[1]).toEqual(['2026-06-14T00:00:00.000Z', 'System', '', 'Bulk tested', 'bulk.tested', '', '']);
  });

  it('guards cells a spreadsheet would run as formulas', async () => {
    const sneaky = await insertUser(t.db, { roles: ['estate-owner'], name: '=HYPERLINK("http://evil.example","x")', email: 'sneaky@example.com' });
    await t.db.insert(auditLog).values({ action: 'account.updated', actorUserId: sneaky.id, ip: '10.0.0.1' });
    const res = await injectAs(t, adminS, 'GET', `/api/v1/admin/logs.csv?actor=${sneaky.id}`);
    expect(parseCsv(res.body.slice(1))[1]![1]).toBe(`'=HYPERLINK("http://evil.example","x")`);
  });

  it('refuses bad filters with a 400', async () => {
    expect((await injectAs(t, adminS, 'GET', '/api/v1/admin/logs.csv?to=2026-13-40')).statusCode).toBe(400);
  });
});
