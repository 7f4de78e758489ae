import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { expectPagingRefusals, walkPages } from '../../../../test/walk-pages.ts';
import { estateReports } from '../../db/schema/lifecycle.ts';
import { trusteeRequests } from '../../db/schema/report-safeguards.ts';
import { estateTrustees } from '../../db/schema/safeguards.ts';
import { encodeCursor } from '../../../core/keyset.schemas.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T10:00:00Z'));
});
afterAll(async () => t.close());

const URL = '/api/v1/trustee/reports';
type Row = { reportId: string; ownerName: string; myAnswer: string | null; passedOver: boolean };

/**
 * An estate naming `trustee`, with `times.length` past reports (withdrawn: one estate may hold many),
 * each made at the given instant; the trustee was asked in round 1 (passed over) and again in round 2.
 */
async function estateWithReports(trustee: InsertedUser, times: Date[]) {
  const f = await insertEstateWithTeam(t.db);
  await t.db.insert(estateTrustees).values({ estateId: f.owner.estateId!, userId: trustee.id, position: 1 });
  const reports = await t.db
    .insert(estateReports)
    .values(times.map((createdAt) => ({ estateId: f.owner.estateId!, reportedBy: f.reporter.id, reporterName: f.reporter.name, relationship: 'Daughter', event: 'death', status: 'withdrawn', createdAt })))
    .returning();
  const asked = t.clock.now();
  const due = new Date(asked.getTime() + 72 * 3_600_000);
  await t.db.insert(trusteeRequests).values(
    reports.flatMap((r) => [
      { reportId: r.id, estateId: r.estateId, userId: trustee.id, round: 1, askedAt: asked, dueAt: due, passedOverAt: asked },
      { reportId: r.id, estateId: r.estateId, userId: trustee.id, round: 2, askedAt: asked, dueAt: due, answer: 'confirmed', answeredAt: asked },
    ]),
  );
  return { ...f, reports };
}

describe('trustee reports: paged newest report first', () => {
  it('walks every report once (same instants too, one row per report: the latest ask), refuses bad pages, only the trustee’s own', async () => {
    const trustee = await insertUser(t.db, { roles: ['beneficiary'] });
    const same = new Date('2026-10-01T09:00:00.123456Z');
    const a = await estateWithReports(trustee, [same, same, same, new Date('2026-09-01T00:00:00Z')]);
    const b = await estateWithReports(trustee, [same, new Date('2026-11-01T00:00:00Z'), new Date('2026-08-01T00:00:00Z')]);
    const s = await sessionFor(t, trustee);

    const walk = await walkPages<Row>(t, s, URL, 2);
    expect(walk.pages).toBe(4);
    const all = [...a.reports, ...b.reports].sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (y.id < x.id ? -1 : y.id > x.id ? 1 : 0));
    expect(walk.items.map((r) => r.reportId)).toEqual(all.map((r) => r.id));
    // the latest ask of each report: answered in round 2, not the passed-over round 1
    expect(walk.items.every((r) => r.myAnswer === 'confirmed' && !r.passedOver)).toBe(true);

    await expectPagingRefusals(t, s, URL, ['2026-10-01', encodeCursor(['2026-13-01T00:00:00.000Z', '00000000-0000-4000-8000-000000000000']), encodeCursor([same.toISOString(), 'not-a-uuid'])]);

    // another trustee sees none of these; a trustee no longer named sees nothing more of that estate
    const other = await insertUser(t.db, { roles: ['beneficiary'] });
    const mine = await estateWithReports(other, [same]);
    const theirs = await walkPages<Row>(t, await sessionFor(t, other), URL, 100);
    expect(theirs.items.map((r) => r.reportId)).toEqual([mine.reports[0]!.id]);
    await t.db.delete(estateTrustees).where(eq(estateTrustees.estateId, a.owner.estateId!));
    const after = await walkPages<Row>(t, s, URL, 100);
    expect(after.items.map((r) => r.reportId).sort()).toEqual(b.reports.map((r) => r.id).sort());

    // signed out: refused before any lookup
    expect((await injectAs(t, null, 'GET', `${URL}?limit=2`)).statusCode).toBe(401);
  });
});
