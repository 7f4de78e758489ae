/**
 * Issue 24 item 10 (ADR 0078): while the owner's veto window runs, the estate administrator is not
 * offered an Activate the gate would refuse; the estate says when it can be activated instead, and
 * the days left are counted by one function (core/quorum.ts) for that line and the 409 alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, multipartBody } from '../../../../test/factories/files.ts';
import { insertEstateWithTeam } from '../../../../test/factories/lifecycle.ts';
import { insertUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../../test/helpers.ts';
import { timeLeftWords } from '../../../core/quorum.ts';
import type { TAdministeredEstate } from '../../../core/lifecycle.schemas.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-27T10:00:00Z'));
});
afterAll(async () => t.close());

const MINUTE = 60_000;
const as = async (u: { id: string }, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => injectAs(t, await sessionFor(t, u), method, url, body);

describe('timeLeftWords', () => {
  const end = new Date('2026-12-04T10:00:00Z');
  it('counts calendar days while a day or more is left, then hours', () => {
    expect(timeLeftWords(end, new Date('2026-11-27T10:00:00Z'))).toBe('7 days left');
    // a few minutes after the report: still the seventh day before, not "6 days left"
    expect(timeLeftWords(end, new Date('2026-11-27T10:05:00Z'))).toBe('7 days left');
    expect(timeLeftWords(end, new Date('2026-11-27T23:59:00Z'))).toBe('7 days left');
    expect(timeLeftWords(end, new Date('2026-11-28T00:00:00Z'))).toBe('6 days left');
    expect(timeLeftWords(end, new Date('2026-12-03T09:00:00Z'))).toBe('1 day left');
    expect(timeLeftWords(end, new Date('2026-12-03T11:00:00Z'))).toBe('23 hours left');
    expect(timeLeftWords(end, new Date('2026-12-04T09:59:00Z'))).toBe('1 hour left');
  });
});

describe('Activate during the veto window', () => {
  it('is not offered; the estate says when it can be, the 409 counts the same days; after the window Activate is offered and works', async () => {
    const f = await insertEstateWithTeam(t.db);
    const estateId = f.owner.estateId!;
    expect((await as(f.owner, 'PATCH', '/api/v1/release-safeguards/rules', { vetoDays: 7 })).statusCode).toBe(200);
    const { payload, headers } = multipartBody([
      { name: 'data', value: JSON.stringify({ event: 'death', relationship: 'Daughter' }) },
      { name: 'death_certificate', filename: 'certificate.pdf', data: makePdf('Certificate'), contentType: 'application/pdf' },
    ]);
    const reported = await injectAs(t, await sessionFor(t, f.reporter), 'POST', `/api/v1/estates/${estateId}/reports`, payload, { headers });
    expect(reported.statusCode, reported.body).toBe(201);
    t.clock.advance(5 * MINUTE);
    const itemId = (reported.json() as { items: { id: string }[] }).items[0]!.id;
    expect((await as(f.administrator, 'POST', `/api/v1/estate-admin/verifications/${itemId}/approve`)).statusCode).toBe(200);

    const detail = async () => (await as(f.administrator, 'GET', `/api/v1/estate-admin/estates/${estateId}`)).json() as TAdministeredEstate;
    const listed = async () =>
      ((await as(f.administrator, 'GET', '/api/v1/estate-admin/estates')).json().items as TAdministeredEstate[]).find((e) => e.id === estateId)!;
    const waiting = { at: '2026-12-04T10:00:00.000Z', words: 'Can be activated on 4 December 2026 at 10:00 UTC (7 days left)' };
    for (const estate of [await detail(), await listed()]) {
      expect(estate).toMatchObject({ status: 'activation_pending', allowedEvents: [], activationOpens: waiting });
    }
    const early = await as(f.administrator, 'POST', `/api/v1/estate-admin/estates/${estateId}/transition`, { event: 'activated' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/4 Dec 2026, 10:00 UTC — 7 days left/);

    t.clock.set(new Date('2026-12-03T11:00:00Z'));
    expect((await detail()).activationOpens).toEqual({ at: waiting.at, words: 'Can be activated on 4 December 2026 at 10:00 UTC (23 hours left)' });

    t.clock.set(new Date('2026-12-04T10:00:00Z'));
    const open = await detail();
    expect(open).toMatchObject({ allowedEvents: ['activated'], activationOpens: null });
    const activated = await as(f.administrator, 'POST', `/api/v1/estate-admin/estates/${estateId}/transition`, { event: 'activated' });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ status: 'active', activationOpens: null, allowedEvents: [] });
  });

  it('another estate administrator sees nothing of it (404)', async () => {
    const f = await insertEstateWithTeam(t.db);
    const stranger = await insertUser(t.db, { roles: ['estate-administrator'] });
    expect((await as(stranger, 'GET', `/api/v1/estate-admin/estates/${f.owner.estateId}`)).statusCode).toBe(404);
  });
});
