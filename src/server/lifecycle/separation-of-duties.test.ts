import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeneficiary } from '../../../test/factories/estates.ts';
import { makePdf, multipartBody, type FormPart } from '../../../test/factories/files.ts';
import { administrate, insertEstateWithTeam } from '../../../test/factories/lifecycle.ts';
import { insertUser, type InsertedUser } from '../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../test/helpers.ts';
import { estates } from '../db/schema/estates.ts';

/** Reporter ≠ trustee confirmer ≠ verifier; the owner's warning; private details before activation (ADR 0076). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T10:00:00Z'));
});
afterAll(async () => t.close());

const proof = (name: string): FormPart => ({ name, filename: `${name}.pdf`, data: makePdf(name), contentType: 'application/pdf' });
const as = async (u: { id: string }, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown) => injectAs(t, await sessionFor(t, u), method, url, body);

async function reportDeath(estateId: string, reporter: InsertedUser, proofs = ['death_certificate']) {
  const { payload, headers } = multipartBody([{ name: 'data', value: JSON.stringify({ event: 'death', relationship: 'Son' }) }, ...proofs.map(proof)]);
  const res = await injectAs(t, await sessionFor(t, reporter), 'POST', `/api/v1/estates/${estateId}/reports`, payload, { headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; items: { id: string; documentType: string }[] };
}
const nameTrustees = async (owner: InsertedUser, userIds: string[], quorumRequired = 1) => {
  expect((await as(owner, 'PUT', '/api/v1/release-safeguards/trustees', { userIds })).statusCode).toBe(200);
  expect((await as(owner, 'PATCH', '/api/v1/release-safeguards/rules', { quorumRequired })).statusCode).toBe(200);
};
const answer = (u: InsertedUser, reportId: string) => as(u, 'POST', `/api/v1/trustee/reports/${reportId}/answer`, { answer: 'confirm' });
const approve = (u: InsertedUser, itemId: string) => as(u, 'POST', `/api/v1/estate-admin/verifications/${itemId}/approve`);
const queue = async (u: InsertedUser, estateId: string) => {
  const res = await as(u, 'GET', `/api/v1/estate-admin/verifications?status=pending&estateId=${estateId}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { id: string; cannotReview: string | null }[] }).items;
};

const CONFIRMER_CANNOT_VERIFY =
  'You confirmed this report as one of the owner’s trustees, so another estate administrator must review its documents. Ask the owner’s support team to add one.';
const REPORTER_CANNOT_VERIFY = 'You reported this or sent this document, so another estate administrator must review it. Ask the owner’s support team to add one.';

describe('reporter ≠ trustee confirmer ≠ verifier', () => {
  it('a trustee who confirmed cannot verify (403, and the queue says why); another administrator can; the owner was warned', async () => {
    const f = await insertEstateWithTeam(t.db, { name: 'Edith Moor' });
    const safeguards = async () => (await as(f.owner, 'GET', '/api/v1/release-safeguards')).json() as { warnings: string[] };
    expect((await safeguards()).warnings).toEqual([]);
    await nameTrustees(f.owner, [f.administrator.id]);
    expect((await safeguards()).warnings).toEqual([
      `${f.administrator.name} is both a trustee and your estate administrator. One person should not both confirm and verify your passing: if ${f.administrator.name} confirms a report, another administrator must check its documents. Consider choosing someone else.`,
    ]);

    const r = await reportDeath(f.owner.estateId!, f.reporter);
    expect((await answer(f.administrator, r.id)).statusCode).toBe(200);
    const refused = await approve(f.administrator, r.items[0]!.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(CONFIRMER_CANNOT_VERIFY);
    expect(await queue(f.administrator, f.owner.estateId!)).toEqual([expect.objectContaining({ id: r.items[0]!.id, cannotReview: CONFIRMER_CANNOT_VERIFY })]);

    const second = await insertUser(t.db, { roles: ['estate-administrator'] });
    await administrate(t.db, f.owner, second);
    expect(await queue(second, f.owner.estateId!)).toEqual([expect.objectContaining({ id: r.items[0]!.id, cannotReview: null })]);
    const ok = await approve(second, r.items[0]!.id);
    expect(ok.statusCode, ok.body).toBe(200);
    const [estate] = await t.db.select({ status: estates.status }).from(estates).where(eq(estates.id, f.owner.estateId!));
    expect(estate!.status).toBe('activation_pending');
  });

  it('an administrator who reported cannot verify: 403, and the queue says why', async () => {
    const f = await insertEstateWithTeam(t.db);
    const r = await reportDeath(f.owner.estateId!, f.administrator);
    const refused = await approve(f.administrator, r.items[0]!.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(REPORTER_CANNOT_VERIFY);
    expect(await queue(f.administrator, f.owner.estateId!)).toEqual([expect.objectContaining({ cannotReview: REPORTER_CANNOT_VERIFY })]);
  });

  it('a trustee who reported cannot confirm, and an administrator who reviewed a proof cannot then confirm as trustee (403)', async () => {
    const f = await insertEstateWithTeam(t.db);
    const other = await insertUser(t.db, { roles: ['beneficiary'] });
    await insertBeneficiary(t.db, f.owner.estateId!, { userId: other.id, email: other.email });
    await nameTrustees(f.owner, [f.reporter.id, f.administrator.id, other.id]);
    const r = await reportDeath(f.owner.estateId!, f.reporter, ['death_certificate', 'will']);
    const reporterAnswer = await answer(f.reporter, r.id);
    expect(reporterAnswer.statusCode).toBe(403);
    expect(reporterAnswer.json().error.message).toBe('You made this report, so other trustees must confirm it.');

    // The will is not the proof that decides the report: reviewing it moves nothing, but it makes them a verifier.
    const will = r.items.find((i) => i.documentType === 'will')!;
    expect((await approve(f.administrator, will.id)).statusCode).toBe(200);
    const confirm = await answer(f.administrator, r.id);
    expect(confirm.statusCode).toBe(403);
    expect(confirm.json().error.message).toBe('You reviewed a proof of this report as the estate administrator, so other trustees must confirm it.');
  });
});

describe('the same person confirming and verifying at the same moment', () => {
  it('gets one of the two: the other is refused as if it came second (403), five times over', async () => {
    for (let round = 0; round < 5; round++) {
      const f = await insertEstateWithTeam(t.db);
      const other = await insertUser(t.db, { roles: ['beneficiary'] });
      await insertBeneficiary(t.db, f.owner.estateId!, { userId: other.id, email: other.email });
      await nameTrustees(f.owner, [f.administrator.id, other.id], 2);
      const r = await reportDeath(f.owner.estateId!, f.reporter, ['death_certificate', 'will']);
      // Reviewing the will decides nothing, so it needs no quorum first; it still makes them a verifier.
      const will = r.items.find((i) => i.documentType === 'will')!;
      const [confirmed, verified] = await Promise.all([answer(f.administrator, r.id), approve(f.administrator, will.id)]);
      expect([confirmed.statusCode, verified.statusCode].sort(), `round ${round}: ${confirmed.body} ${verified.body}`).toEqual([200, 403]);
      const refusal = confirmed.statusCode === 403 ? confirmed : verified;
      expect(refusal.json().error.message).toMatch(/^You (confirmed this report|reviewed a proof of this report)/);
    }
  });
});

describe('an estate administrator and a beneficiary’s private details', () => {
  it('sees no phone, date of birth or the owner’s notes before activation, and sees them once the estate is active', async () => {
    const f = await insertEstateWithTeam(t.db);
    const b = await insertBeneficiary(t.db, f.owner.estateId!, { phone: '+44 20 7946 0000', notes: 'Leave her the garden tools', dateOfBirth: '1990-04-02' });
    const url = `/api/v1/estate-admin/estates/${f.owner.estateId}/beneficiaries/${b.id}/access`;
    const before = await as(f.administrator, 'GET', url);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ privateDetailsShown: false, beneficiary: { id: b.id, phone: null, notes: null, dateOfBirth: null } });
    expect(before.body).not.toContain('garden tools');
    expect(before.body).not.toContain('7946');

    await t.db.update(estates).set({ status: 'active' }).where(eq(estates.id, f.owner.estateId!));
    const after = await as(f.administrator, 'GET', url);
    expect(after.json()).toMatchObject({
      privateDetailsShown: true,
      beneficiary: { phone: '+44 20 7946 0000', notes: 'Leave her the garden tools', dateOfBirth: '1990-04-02' },
    });
    // the owner's own View Access is unchanged
    await t.db.update(estates).set({ status: 'planning' }).where(eq(estates.id, f.owner.estateId!));
    expect((await as(f.owner, 'GET', `/api/v1/beneficiaries/${b.id}/access`)).json().beneficiary).toMatchObject({ notes: 'Leave her the garden tools' });
  });
});
