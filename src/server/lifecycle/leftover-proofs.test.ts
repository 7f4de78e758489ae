/**
 * Issue 24, item 12 (ADR 0078): once a report is decided or withdrawn, the proofs of it still
 * waiting are settled as "Not needed" — out of the queue and "Pending Review", never Approve-able,
 * never alerted by the sweep, and an overdue alert already raised for them is resolved.
 */
import { readFileSync } from 'node:fs';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstateWithTeam } from '../../../test/factories/lifecycle.ts';
import { makePdf, multipartBody, type FormPart } from '../../../test/factories/files.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../test/helpers.ts';
import { estateAlerts, estateReports, verificationItems } from '../db/schema/lifecycle.ts';
import type { TVerificationPage } from '../../core/lifecycle.schemas.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const HOUR = 60 * 60 * 1000;
const pdf = (type: string): FormPart => ({ name: type, filename: `${type}.pdf`, data: makePdf(type), contentType: 'application/pdf' });

/** A death reported with a certificate, a will and a power of attorney (only the certificate is required). */
async function reported(): Promise<{ estateId: string; admin: () => Promise<TestSession>; ownerS: TestSession; page: () => Promise<TVerificationPage>; byLabel: (p: TVerificationPage, label: string) => string }> {
  const f = await insertEstateWithTeam(t.db);
  const estateId = f.owner.estateId!;
  const { payload, headers } = multipartBody([
    { name: 'data', value: JSON.stringify({ event: 'death', relationship: 'Daughter', eventDate: '2026-11-20' }) },
    pdf('death_certificate'),
    pdf('will'),
    pdf('power_of_attorney'),
  ]);
  const res = await injectAs(t, await sessionFor(t, f.reporter), 'POST', `/api/v1/estates/${estateId}/reports`, payload, { headers });
  expect(res.statusCode, res.body).toBe(201);
  // A fresh session each time: the tests move the clock by days.
  const admin = () => sessionFor(t, f.administrator);
  const page = async () => (await injectAs(t, await admin(), 'GET', `/api/v1/estate-admin/verifications?estateId=${estateId}`)).json() as TVerificationPage;
  const byLabel = (p: TVerificationPage, label: string) => p.items.find((i) => i.documentLabel === label)!.id;
  return { estateId, admin, ownerS: await sessionFor(t, f.owner), page, byLabel };
}

const timeoutAlerts = (estateId: string) =>
  t.db.select().from(estateAlerts).where(and(eq(estateAlerts.estateId, estateId), like(estateAlerts.message, '%verification timeout%')));

describe('proofs of a closed report', () => {
  it('approving the required certificate settles the others as not needed: out of Pending Review, Approve is a 409, no sweep alert a week later', async () => {
    const r = await reported();
    const first = await r.page();
    expect(first.counts.pending).toBe(3);
    const approved = await injectAs(t, await r.admin(), 'POST', `/api/v1/estate-admin/verifications/${r.byLabel(first, 'Death Certificate')}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);

    const after = await r.page();
    expect(after.counts).toMatchObject({ pending: 0, verified: 1, rejected: 0 });
    expect(after.items.map((i) => `${i.documentLabel}: ${i.status} · ${i.priority}`).sort()).toEqual([
      'Death Certificate: verified · completed',
      'Last Will and Testament: not_needed · completed',
      'Power of Attorney: not_needed · completed',
    ]);
    const will = after.items.find((i) => i.documentLabel === 'Last Will and Testament')!;
    expect(will).toMatchObject({ rejectionReason: 'Not needed: the report was verified without it.', verifiedDate: null });
    const pendingOnly = (await injectAs(t, await r.admin(), 'GET', `/api/v1/estate-admin/verifications?status=pending&estateId=${r.estateId}`)).json();
    expect(pendingOnly.items).toEqual([]);
    const notNeeded = (await injectAs(t, await r.admin(), 'GET', `/api/v1/estate-admin/verifications?status=not_needed&estateId=${r.estateId}`)).json();
    expect(notNeeded.items).toHaveLength(2);

    const late = await injectAs(t, await r.admin(), 'POST', `/api/v1/estate-admin/verifications/${will.id}/approve`);
    expect(late.statusCode).toBe(409);
    const rejectLate = await injectAs(t, await r.admin(), 'POST', `/api/v1/estate-admin/verifications/${will.id}/reject`, { reason: 'Unreadable' });
    expect(rejectLate.statusCode).toBe(409);

    // A week later the sweep finds nothing waiting.
    t.clock.advance(7 * 24 * HOUR);
    await t.app.deps.jobs.runDue();
    expect(await timeoutAlerts(r.estateId)).toEqual([]);
    expect((await r.page()).items.every((i) => i.priority === 'completed')).toBe(true);
  });

  it('an overdue alert raised while the report was open is resolved when it closes; the sweep raises none again', async () => {
    const r = await reported();
    t.clock.advance(49 * HOUR);
    await t.app.deps.jobs.runDue();
    expect((await timeoutAlerts(r.estateId)).map((a) => a.status)).toEqual(['unread', 'unread', 'unread']);
    const page = await r.page();
    expect((await injectAs(t, await r.admin(), 'POST', `/api/v1/estate-admin/verifications/${r.byLabel(page, 'Death Certificate')}/approve`)).statusCode).toBe(200);

    const alerts = await timeoutAlerts(r.estateId);
    expect(alerts).toHaveLength(3);
    // The two leftovers' alerts are settled with them; the reviewed certificate's stays for the administrator.
    expect(alerts.filter((a) => a.status === 'resolved')).toHaveLength(2);
    const list = (await injectAs(t, await r.admin(), 'GET', '/api/v1/estate-admin/alerts')).json().items as { message: string; estateId: string }[];
    expect(list.filter((a) => a.estateId === r.estateId && a.message.includes('verification timeout'))).toHaveLength(1);
    t.clock.advance(7 * 24 * HOUR);
    await t.app.deps.jobs.runDue();
    expect(await timeoutAlerts(r.estateId)).toHaveLength(3);
  });

  it('rejecting the only certificate rejects the report and settles the rest; a withdrawal settles them too (not counted as rejected)', async () => {
    const rejected = await reported();
    const page = await rejected.page();
    const res = await injectAs(t, await rejected.admin(), 'POST', `/api/v1/estate-admin/verifications/${rejected.byLabel(page, 'Death Certificate')}/reject`, { reason: 'Not legible' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rejected.page()).items.map((i) => `${i.documentLabel}: ${i.status}`).sort()).toEqual([
      'Death Certificate: rejected',
      'Last Will and Testament: not_needed',
      'Power of Attorney: not_needed',
    ]);

    const withdrawn = await reported();
    const [open] = await t.db.select().from(estateReports).where(eq(estateReports.estateId, withdrawn.estateId));
    expect((await injectAs(t, withdrawn.ownerS, 'POST', `/api/v1/estate/reports/${open!.id}/withdraw`)).statusCode).toBe(200);
    const after = await withdrawn.page();
    expect(after.counts).toMatchObject({ pending: 0, verified: 0, rejected: 0 });
    expect(after.items.map((i) => i.rejectionReason)).toEqual(Array(3).fill('Not needed: the report was withdrawn by the estate owner.'));
  });

  it('migration 0019 settles leftovers already in the database and resolves their overdue alerts', async () => {
    const r = await reported();
    const [report] = await t.db.select().from(estateReports).where(eq(estateReports.estateId, r.estateId));
    const items = await t.db.select().from(verificationItems).where(eq(verificationItems.reportId, report!.id));
    // As the old code left them: the report verified by its certificate, the two others still pending and alerted.
    const [certificate, ...others] = [...items].sort((a, b) => (a.documentType === 'death_certificate' ? -1 : b.documentType === 'death_certificate' ? 1 : 0));
    await t.db.update(verificationItems).set({ status: 'verified', reviewedAt: t.clock.now() }).where(eq(verificationItems.id, certificate!.id));
    await t.db.update(estateReports).set({ status: 'verified', resolvedAt: t.clock.now() }).where(eq(estateReports.id, report!.id));
    for (const o of others) {
      await t.db.insert(estateAlerts).values({ estateId: r.estateId, type: 'verification', priority: 'high', message: 'waited longer than the verification timeout', dedupeKey: `timeout:${o.id}` });
    }
    expect((await r.page()).counts.pending).toBe(2);

    const migration = readFileSync(new URL('../db/migrations/0019_settle-leftover-proofs.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));

    const after = await r.page();
    expect(after.counts.pending).toBe(0);
    expect(after.items.filter((i) => i.status === 'not_needed').map((i) => i.rejectionReason)).toEqual(Array(2).fill('Not needed: the report was verified without it.'));
    expect((await timeoutAlerts(r.estateId)).map((a) => a.status)).toEqual(['resolved', 'resolved']);
  });

  it('the status filter refuses an unknown status', async () => {
    const r = await reported();
    expect((await injectAs(t, await r.admin(), 'GET', '/api/v1/estate-admin/verifications?status=settled')).statusCode).toBe(400);
  });
});
