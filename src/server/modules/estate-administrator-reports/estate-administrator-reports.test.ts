import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_ROW_LIMIT, type TEstateAdministratorReport } from '../../../core/estate-administrator-reports.schemas.ts';
import { insertEstateWithTeam, administrate } from '../../../../test/factories/lifecycle.ts';
import { makePdf, multipartBody, type FormPart } from '../../../../test/factories/files.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { eq } from 'drizzle-orm';
import { reportSafeguards } from '../../db/schema/report-safeguards.ts';
import { auditLog } from '../../db/schema/system.ts';
import { csvField, toCsv } from '../../lib/csv.ts';
import { parseCsv } from '../../../../test/parse-csv.ts';
import { resolveReportRange } from '../../lib/report-range.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Today is 15 June 2026 (a Monday) at noon UTC; the platform's time zone is UTC (the default). */
const NOW = new Date('2026-06-15T12:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
});
afterAll(async () => t.close());

type Team = Awaited<ReturnType<typeof insertEstateWithTeam>>;
const team = (ownerOverrides: Parameters<typeof insertEstateWithTeam>[1] = {}): Promise<Team> => insertEstateWithTeam(t.db, ownerOverrides);
/** A session made now on the (moved) clock, so moving time never idles it out. */
const as = (user: { id: string }): Promise<TestSession> => sessionFor(t, user);

const pdf = (name: string, type = 'death_certificate'): FormPart => ({ name: type, filename: `${name}.pdf`, data: makePdf(name), contentType: 'application/pdf' });
async function reportDeath(f: Team, proofs: FormPart[] = [pdf('Death certificate')]) {
  const { payload, headers } = multipartBody([{ name: 'data', value: JSON.stringify({ event: 'death', relationship: 'Daughter' }) }, ...proofs]);
  const res = await injectAs(t, await as(f.reporter), 'POST', `/api/v1/estates/${f.owner.estateId}/reports`, payload, { headers });
  expect(res.statusCode, res.body).toBe(201);
  // these tests travel in time around the report: its veto window (issue 13) is treated as over
  await t.db.update(reportSafeguards).set({ windowEndsAt: new Date(0) }).where(eq(reportSafeguards.reportId, res.json().id));
  return res.json() as { id: string; items: { id: string; documentType: string }[] };
}
async function post(user: { id: string }, url: string, body?: unknown) {
  const res = await injectAs(t, await as(user), 'POST', url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function report(user: { id: string }, query: string): Promise<TEstateAdministratorReport> {
  const res = await injectAs(t, await as(user), 'GET', `/api/v1/estate-admin/reports?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** The table as objects keyed by column key. */
const records = (r: TEstateAdministratorReport) => r.rows.map((row) => Object.fromEntries(r.columns.map((c, i) => [c.key, row[i]])));

describe('Estate Activity', () => {
  it('counts each estate’s status changes from the audit log, by where they led; KPIs and the daily series agree', async () => {
    const f = await team();
    const idle = await insertUser(t.db, { roles: ['estate-owner'] });
    await administrate(t.db, idle, f.administrator);

    t.clock.set(new Date(NOW.getTime() - 2 * DAY)); // reported on 13 June
    const { items } = await reportDeath(f);
    t.clock.set(new Date(NOW.getTime() - 2 * DAY + 5 * HOUR)); // verified five hours later
    await post(f.administrator, `/api/v1/estate-admin/verifications/${items[0]!.id}/approve`);
    t.clock.set(NOW); // activated today
    await post(f.administrator, `/api/v1/estate-admin/estates/${f.owner.estateId}/transition`, { event: 'activated' });

    const r = await report(f.administrator, 'type=estate-activity&range=7d');
    expect(r).toMatchObject({ type: 'estate-activity', title: 'Estate Activity', range: { key: '7d', from: '2026-06-09', to: '2026-06-15', timeZone: 'UTC' }, truncated: false, rowLimit: REPORT_ROW_LIMIT });
    expect(r.kpis).toEqual({
      estatesAdministered: 2,
      reportsReceived: 1,
      verificationsCompleted: 1,
      averageHoursToVerify: 5,
      activations: 1,
      beneficiaryDownloadsAfterActivation: 0,
    });
    expect(r.columns.map((c) => c.label)).toEqual(['Estate', 'Current status', 'Status changes', 'Reported', 'Verified', 'Back to planning', 'Activated', 'Last change']);
    expect(records(r)).toEqual([
      { estate: f.owner.name, status: 'active', changes: 3, reported: 1, verified: 1, returned: 0, activated: 1, lastChange: '2026-06-15T12:00:00.000Z' },
      { estate: idle.name, status: 'planning', changes: 0, reported: 0, verified: 0, returned: 0, activated: 0, lastChange: null },
    ]);
    expect(r.series).toEqual({
      label: 'Status changes',
      bucket: 'day',
      points: ['09', '10', '11', '12', '13', '14', '15'].map((d) => ({ start: `2026-06-${d}`, value: d === '13' ? 2 : d === '15' ? 1 : 0 })),
    });

    // A range that ends before any of it: the estates are listed, with nothing counted.
    const before = await report(f.administrator, 'type=estate-activity&range=custom&from=2026-05-01&to=2026-05-31');
    expect(before.kpis).toMatchObject({ estatesAdministered: 2, reportsReceived: 0, verificationsCompleted: 0, averageHoursToVerify: null, activations: 0 });
    expect(records(before).map((row) => row.changes)).toEqual([0, 0]);
    expect(before.series.points).toHaveLength(31);
  });
});

describe('Verification Analytics', () => {
  it('counts proofs submitted, verified, rejected and pending per estate, with the hours they waited for a review', async () => {
    const f = await team();
    t.clock.set(new Date(NOW.getTime() - 3 * DAY));
    const { items } = await reportDeath(f, [pdf('Death certificate'), pdf('Will', 'will')]);
    const will = items.find((i) => i.documentType === 'will')!;
    t.clock.set(new Date(NOW.getTime() - 3 * DAY + 10 * HOUR));
    await post(f.administrator, `/api/v1/estate-admin/verifications/${will.id}/reject`, { reason: 'Unsigned copy' });
    t.clock.set(NOW);

    const r = await report(f.administrator, 'type=verification-analytics&range=30d');
    expect(r.range).toMatchObject({ from: '2026-05-17', to: '2026-06-15' });
    expect(records(r)).toEqual([
      { estate: f.owner.name, status: 'verification_pending', submitted: 2, verified: 0, rejected: 1, pending: 1, averageHours: 10, longestHours: 10 },
    ]);
    expect(r.kpis).toMatchObject({ estatesAdministered: 1, reportsReceived: 1, verificationsCompleted: 1, averageHoursToVerify: 10 });
    expect(r.series.label).toBe('Documents reviewed');
    expect(r.series.points.filter((p) => p.value > 0)).toEqual([{ start: '2026-06-12', value: 1 }]);
    // The rejection reason (personal content) is nowhere in the report.
    expect(JSON.stringify(r)).not.toContain('Unsigned copy');
  });
});

describe('Security Audit', () => {
  it('lists the estates’ security entries — previews, reviews, status changes, failed actions — with ids and roles, never details', async () => {
    const f = await team();
    const { items } = await reportDeath(f);
    const adminS = await as(f.administrator);
    const { url } = (await injectAs(t, adminS, 'POST', `/api/v1/estate-admin/verifications/${items[0]!.id}/preview`)).json();
    expect((await injectAs(t, adminS, 'GET', url)).statusCode).toBe(200); // the preview frame's document: audited as viewed
    await post(f.administrator, `/api/v1/estate-admin/verifications/${items[0]!.id}/approve`);
    await t.db.insert(auditLog).values([
      // the owner's failed password change, logged on the estate
      { at: NOW, action: 'security.password_change_failed', actorUserId: f.owner.id, estateId: f.owner.estateId, ip: '203.0.113.9', details: { secret: 'do-not-show' } },
      // a failed sign-in of the owner's account: logged without an estate
      { at: NOW, action: 'auth.sign_in_failed', actorUserId: f.owner.id, estateId: null, ip: '203.0.113.9', details: { reason: 'wrong_password' } },
      // not a security kind
      { at: NOW, action: 'memory.created', actorUserId: f.owner.id, estateId: f.owner.estateId, details: { title: 'Private memory title' } },
    ]);

    const r = await report(f.administrator, 'type=security-audit&range=7d');
    const rows = records(r);
    expect(rows.map((row) => row.action).sort()).toEqual(
      [
        'auth.sign_in_failed',
        'estate.reported',
        'estate.status_changed',
        'estate.status_changed',
        'security.password_change_failed',
        'verification.approved',
        'verification.document_viewed',
      ].sort(),
    );
    const viewed = rows.find((row) => row.action === 'verification.document_viewed')!;
    expect(viewed).toMatchObject({
      estate: f.owner.name,
      description: 'Proof document previewed',
      actorRole: 'Estate administrator',
      actorId: f.administrator.id,
      targetType: 'verification_item',
      targetId: items[0]!.id,
    });
    expect(rows.find((row) => row.action === 'estate.reported')).toMatchObject({ actorRole: 'Beneficiary', actorId: f.reporter.id });
    expect(rows.filter((row) => row.action === 'estate.status_changed').map((row) => row.description).sort()).toEqual([
      'Status changed: Planning → Verification Pending',
      'Status changed: Verification Pending → Activation Pending',
    ]);
    expect(rows.find((row) => row.action === 'auth.sign_in_failed')).toMatchObject({ actorRole: 'Owner', description: 'Failed sign-in attempt' });
    const text = JSON.stringify(r);
    for (const secret of ['203.0.113.9', 'do-not-show', 'wrong_password', 'Private memory title', f.owner.email]) expect(text).not.toContain(secret);
    // newest first
    expect([...rows.map((row) => String(row.at))]).toEqual(rows.map((row) => String(row.at)).sort().reverse());
    expect(r.series.points.at(-1)!.value).toBe(rows.length);
  });

  it('caps the table at the row limit and says so', async () => {
    const f = await team();
    await t.db.insert(auditLog).values(
      Array.from({ length: REPORT_ROW_LIMIT + 5 }, (_, i) => ({
        at: new Date(NOW.getTime() - i * 60_000),
        action: 'verification.document_viewed',
        actorUserId: f.administrator.id,
        estateId: f.owner.estateId,
      })),
    );
    const r = await report(f.administrator, 'type=security-audit&range=7d');
    expect(r.rows).toHaveLength(REPORT_ROW_LIMIT);
    expect(r.truncated).toBe(true);
    expect(r.rows[0]![0]).toBe(NOW.toISOString());
    expect(r.series.points.reduce((a, p) => a + p.value, 0)).toBe(REPORT_ROW_LIMIT + 5);
    const csv = await injectAs(t, await as(f.administrator), 'GET', '/api/v1/estate-admin/reports.csv?type=security-audit&range=7d');
    expect(parseCsv(csv.body)).toHaveLength(REPORT_ROW_LIMIT + 5 + 1);
    expect(csv.headers['x-report-truncated']).toBe('false');
  });
});

describe('Beneficiary Access', () => {
  it('counts shared-file downloads per estate and beneficiary, marking those after activation', async () => {
    const f = await team();
    const activatedAt = new Date(NOW.getTime() - 5 * DAY);
    const { items } = await reportDeath(f);
    await post(f.administrator, `/api/v1/estate-admin/verifications/${items[0]!.id}/approve`);
    t.clock.set(activatedAt);
    await post(f.administrator, `/api/v1/estate-admin/estates/${f.owner.estateId}/transition`, { event: 'activated' });
    t.clock.set(NOW);
    const download = (at: Date, actorUserId: string | null = f.reporter.id, estateId = f.owner.estateId) => ({
      at,
      action: 'shared_file.downloaded',
      actorUserId,
      estateId,
      targetType: 'file',
      targetId: crypto.randomUUID(),
    });
    const other = await team();
    await t.db.insert(auditLog).values([
      download(new Date(activatedAt.getTime() - 2 * DAY)),
      download(new Date(activatedAt.getTime() + HOUR)),
      download(new Date(NOW.getTime() - HOUR)),
      download(new Date(NOW.getTime() - 40 * DAY)), // outside the range
      download(new Date(NOW.getTime() - HOUR), other.reporter.id, other.owner.estateId), // another administrator's estate
    ]);

    const r = await report(f.administrator, 'type=beneficiary-access&range=30d');
    expect(records(r)).toEqual([
      {
        estate: f.owner.name,
        activatedAt: activatedAt.toISOString(),
        beneficiary: `${f.beneficiary.firstName} ${f.beneficiary.lastName}`,
        relationship: 'Daughter',
        downloads: 3,
        afterActivation: 2,
        first: new Date(activatedAt.getTime() - 2 * DAY).toISOString(),
        last: new Date(NOW.getTime() - HOUR).toISOString(),
      },
    ]);
    expect(r.kpis).toMatchObject({ activations: 1, beneficiaryDownloadsAfterActivation: 2 });
    expect(r.series.points.reduce((a, p) => a + p.value, 0)).toBe(3);
  });
});

describe('scope and permission', () => {
  it('shows another administrator’s estates to no one else: 0 rows and zero KPIs, not 404', async () => {
    const f = await team();
    await reportDeath(f);
    const other = await team();
    const nobody = await insertUser(t.db, { roles: ['estate-administrator'] });
    for (const type of ['estate-activity', 'verification-analytics', 'security-audit', 'beneficiary-access']) {
      const mine = await report(other.administrator, `type=${type}&range=7d`);
      expect(JSON.stringify(mine.rows), type).not.toContain(f.owner.name);
      const none = await report(nobody, `type=${type}&range=7d`);
      expect(none.rows, type).toEqual([]);
      expect(none.kpis, type).toEqual({
        estatesAdministered: 0,
        reportsReceived: 0,
        verificationsCompleted: 0,
        averageHoursToVerify: null,
        activations: 0,
        beneficiaryDownloadsAfterActivation: 0,
      });
      const csv = await injectAs(t, await as(nobody), 'GET', `/api/v1/estate-admin/reports.csv?type=${type}&range=7d`);
      expect(csv.statusCode).toBe(200);
      expect(parseCsv(csv.body)).toHaveLength(1);
    }
    expect((await report(other.administrator, 'type=estate-activity&range=7d')).rows.map((row) => row[0])).toEqual([other.owner.name]);
  });

  it('is for estate administrators only (401 signed out, 403 for other roles)', async () => {
    const f = await team();
    expect((await injectAs(t, null, 'GET', '/api/v1/estate-admin/reports?type=estate-activity')).statusCode).toBe(401);
    expect((await injectAs(t, await as(f.reporter), 'GET', '/api/v1/estate-admin/reports?type=estate-activity')).statusCode).toBe(403);
    expect((await injectAs(t, await as(f.owner), 'GET', '/api/v1/estate-admin/reports.csv?type=estate-activity')).statusCode).toBe(403);
  });
});

describe('query', () => {
  it('refuses an unknown type or range and bad custom ranges with 400 naming the field', async () => {
    const s = await as((await team()).administrator);
    const cases: [string, string][] = [
      ['type=activity', 'type'],
      ['range=7d', 'type'],
      ['type=estate-activity&range=1y', 'range'],
      ['type=estate-activity&range=custom&to=2026-06-01', 'from'],
      ['type=estate-activity&range=custom&from=2026-06-01', 'to'],
      ['type=estate-activity&range=custom&from=2026-06-10&to=2026-06-09', 'to'],
      ['type=estate-activity&range=custom&from=2025-06-01&to=2026-06-02', 'to'],
      ['type=estate-activity&range=custom&from=2026-02-30&to=2026-03-02', 'from'],
      ['type=estate-activity&range=custom&from=15/06/2026&to=2026-06-15', 'from'],
      ['type=estate-activity&limit=10000', 'limit'],
      // dates the database cannot hold gave a 500 (security review)
      ['type=security-audit&range=custom&from=0000-01-01&to=0000-01-02', 'from'],
      ['type=security-audit&range=custom&from=9999-12-30&to=9999-12-31', 'from'],
    ];
    for (const [query, field] of cases) {
      for (const path of ['reports', 'reports.csv']) {
        const res = await injectAs(t, s, 'GET', `/api/v1/estate-admin/${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(Object.keys(res.json().error.fields), `${path}?${query}`).toContain(field);
      }
    }
  });

  it('takes a custom range of one day up to a full year (leap day included), charted weekly past 31 days', async () => {
    const s = (await team()).administrator;
    expect((await report(s, 'type=estate-activity&range=custom&from=2026-06-15&to=2026-06-15')).series.points).toEqual([{ start: '2026-06-15', value: 0 }]);
    const year = await report(s, 'type=estate-activity&range=custom&from=2024-01-01&to=2024-12-31');
    expect(year.series.bucket).toBe('week');
    expect(year.series.points).toHaveLength(53);
    expect(year.series.points[1]!.start).toBe('2024-01-08');
    const months = await report(s, 'type=verification-analytics&range=3m');
    expect(months.range).toMatchObject({ from: '2026-03-16', to: '2026-06-15' });
    expect(months.series.bucket).toBe('week');
    expect(months.series.points[0]!.start).toBe('2026-03-16');
  });
});

describe('date ranges', () => {
  it('are calendar days in the platform’s time zone, today included', () => {
    const late = new Date('2026-06-16T02:30:00Z'); // still 15 June in New York
    const ny = resolveReportRange({ range: '7d', from: undefined, to: undefined }, late, 'America/New_York');
    expect(ny).toMatchObject({ from: '2026-06-09', to: '2026-06-15', bucket: 'day' });
    expect(ny.start.toISOString()).toBe('2026-06-09T04:00:00.000Z');
    expect(ny.end.toISOString()).toBe('2026-06-16T04:00:00.000Z');
    expect(resolveReportRange({ range: '30d', from: undefined, to: undefined }, late, 'UTC')).toMatchObject({ from: '2026-05-18', to: '2026-06-16' });
    const months = resolveReportRange({ range: '3m', from: undefined, to: undefined }, new Date('2026-05-31T12:00:00Z'), 'UTC');
    expect(months).toMatchObject({ from: '2026-03-01', to: '2026-05-31', bucket: 'week' });
    expect(months.buckets).toHaveLength(14);
  });
});

describe('CSV', () => {
  it('escapes per RFC 4180 and defuses formulas, field by field', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField(-1)).toBe('-1');
    expect(csvField(2.5)).toBe('2.5');
    expect(csvField(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('a,b\r\n1,x\r\n');
  });

  it('downloads the report as text/csv; a name with a comma, a quote, a newline and a leading = comes back safe', async () => {
    const name = '=HYPERLINK("http://evil.example","Click, here")\nSecond line';
    const f = await team({ name });
    await reportDeath(f);
    const res = await injectAs(t, await as(f.administrator), 'GET', '/api/v1/estate-admin/reports.csv?type=estate-activity&range=custom&from=2026-06-01&to=2026-06-15');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="estate-activity_2026-06-01_2026-06-15.csv"');
    expect(res.body.endsWith('\r\n')).toBe(true);
    expect(res.body.replace(/\r\n/g, '').includes('\r')).toBe(false);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(['Estate', 'Current status', 'Status changes', 'Reported', 'Verified', 'Back to planning', 'Activated', 'Last change']);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(0, 4)).toEqual([`'${name}`, 'Verification Pending', '1', '1']);
    // the same row as JSON keeps the name as it is
    expect((await report(f.administrator, 'type=estate-activity&range=7d')).rows[0]![0]).toBe(name);
  });
});
