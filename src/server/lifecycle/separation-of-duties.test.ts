import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeneficiary } from '../../../test/factories/estates.ts';
import { makePdf, multipartBody, type FormPart } from '../../../test/factories/files.ts';
import { administrate, insertEstateWithTeam } from '../../../test/factories/lifecycle.ts';
import { setEstateStatus } from '../../../test/factories/shared-content.ts';
import { insertUser, type InsertedUser } from '../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp } from '../../../test/helpers.ts';
import { estates } from '../db/schema/estates.ts';
import { verificationItems } from '../db/schema/lifecycle.ts';
import { estateTrustees } from '../db/schema/safeguards.ts';
import { freezeActivationSnapshot } from '../modules/audit-integrity/freeze-activation-snapshot.ts';

/**
 * Every separation-of-duties rule (ADR 0026, 0075, 0076, 0111) as a row: who is refused, and who
 * in the same world is allowed. Removing any one rule's clause turns its row red.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T10:00:00Z'));
});
afterAll(async () => t.close());

type Res = Awaited<ReturnType<typeof injectAs>>;
const proof = (name: string): FormPart => ({ name, filename: `${name}.pdf`, data: makePdf(name), contentType: 'application/pdf' });
const as = async (u: { id: string }, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown) => injectAs(t, await sessionFor(t, u), method, url, body);

async function reportDeath(estateId: string, reporter: InsertedUser, proofs = ['death_certificate']) {
  const { payload, headers } = multipartBody([{ name: 'data', value: JSON.stringify({ event: 'death', relationship: 'Son' }) }, ...proofs.map(proof)]);
  const res = await injectAs(t, await sessionFor(t, reporter), 'POST', `/api/v1/estates/${estateId}/reports`, payload, { headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; items: { id: string; documentType: string }[] };
}
const nameTrustees = (owner: InsertedUser, userIds: string[]) => as(owner, 'PUT', '/api/v1/release-safeguards/trustees', { userIds });
const answer = (u: InsertedUser, reportId: string) => as(u, 'POST', `/api/v1/trustee/reports/${reportId}/answer`, { answer: 'confirm' });
const approve = (u: InsertedUser, itemId: string) => as(u, 'POST', `/api/v1/estate-admin/verifications/${itemId}/approve`);
const assign = (admin: InsertedUser, estateId: string, userId: string) => as(admin, 'PUT', `/api/v1/admin/estates/${estateId}/administrator`, { userId });
const queue = async (u: InsertedUser, estateId: string) =>
  ((await as(u, 'GET', `/api/v1/estate-admin/verifications?status=pending&estateId=${estateId}`)).json() as { items: { id: string; cannotReview: string | null }[] }).items;
const certificateOf = (r: { items: { id: string; documentType: string }[] }) => r.items.find((i) => i.documentType === 'death_certificate')!.id;
const REVIEW_REASON = { reason: 'The hospital confused two patients; I spoke to the owner on the phone.' };

/** An estate (owner, linked beneficiary "reporter", its administrator) with a second administrator and a linked family member. */
async function world() {
  const f = await insertEstateWithTeam(t.db);
  const estateId = f.owner.estateId!;
  const second = await insertUser(t.db, { roles: ['estate-administrator'] });
  await administrate(t.db, f.owner, second);
  const other = await insertUser(t.db, { roles: ['beneficiary'] });
  await insertBeneficiary(t.db, estateId, { userId: other.id, email: other.email });
  return { ...f, estateId, second, other, staff: await insertUser(t.db, { roles: ['admin'] }) };
}
type World = Awaited<ReturnType<typeof world>>;

const NO_OTHER = 'When nobody else administers this estate, Heirloom’s staff are told and appoint another estate administrator.';

interface Rule {
  rule: string;
  /** Builds the world and returns the refused attempt and the allowed one, in that order. */
  run: (w: World) => Promise<{ refused: () => Promise<Res>; allowed: () => Promise<Res> }>;
  refusedWith: [status: number, message: string | RegExp];
}

const RULES: Rule[] = [
  {
    rule: 'whoever reported may not confirm as a trustee (report-duties confirmRefusal)',
    run: async (w) => {
      expect((await nameTrustees(w.owner, [w.reporter.id, w.other.id])).statusCode).toBe(200);
      const r = await reportDeath(w.estateId, w.reporter);
      return { refused: () => answer(w.reporter, r.id), allowed: () => answer(w.other, r.id) };
    },
    refusedWith: [403, 'You made this report, so other trustees must confirm it.'],
  },
  {
    rule: 'whoever reviewed a proof may not then confirm as a trustee (report-duties confirmRefusal)',
    run: async (w) => {
      expect((await nameTrustees(w.owner, [w.administrator.id, w.other.id])).statusCode).toBe(200);
      // Both are asked at once.
      expect((await as(w.owner, 'PATCH', '/api/v1/release-safeguards/rules', { quorumRequired: 2 })).statusCode).toBe(200);
      const r = await reportDeath(w.estateId, w.reporter, ['death_certificate', 'will']);
      // The will decides nothing, so reviewing it needs no quorum first; it still makes them a verifier.
      expect((await approve(w.administrator, r.items.find((i) => i.documentType === 'will')!.id)).statusCode).toBe(200);
      return { refused: () => answer(w.administrator, r.id), allowed: () => answer(w.other, r.id) };
    },
    refusedWith: [403, 'You reviewed a proof of this report as the estate administrator, so other trustees must confirm it.'],
  },
  {
    rule: 'whoever reported may not verify its proofs (report-duties verifyRefusals: reportedBy)',
    run: async (w) => {
      const r = await reportDeath(w.estateId, w.administrator);
      // Its sender is another member of the family, so only the report makes him a party to it.
      await t.db.update(verificationItems).set({ submittedBy: w.other.id }).where(eq(verificationItems.id, certificateOf(r)));
      expect(await queue(w.administrator, w.estateId)).toEqual([expect.objectContaining({ cannotReview: expect.stringMatching(/^You reported this/) })]);
      return { refused: () => approve(w.administrator, certificateOf(r)), allowed: () => approve(w.second, certificateOf(r)) };
    },
    refusedWith: [403, `You reported this or sent this document, so another estate administrator must review it. ${NO_OTHER}`],
  },
  {
    rule: 'whoever sent a proof may not verify it (report-duties verifyRefusals: submittedBy)',
    run: async (w) => {
      const r = await reportDeath(w.estateId, w.reporter);
      // The administrator sent the certificate on the family's behalf: not the reporter, but its sender.
      await t.db.update(verificationItems).set({ submittedBy: w.administrator.id }).where(eq(verificationItems.id, certificateOf(r)));
      return { refused: () => approve(w.administrator, certificateOf(r)), allowed: () => approve(w.second, certificateOf(r)) };
    },
    refusedWith: [403, `You reported this or sent this document, so another estate administrator must review it. ${NO_OTHER}`],
  },
  {
    rule: 'a trustee who confirmed may not verify its proofs (report-duties verifyRefusals: confirmed)',
    run: async (w) => {
      expect((await nameTrustees(w.owner, [w.administrator.id])).statusCode).toBe(200);
      const r = await reportDeath(w.estateId, w.reporter);
      expect((await answer(w.administrator, r.id)).statusCode).toBe(200);
      expect(await queue(w.second, w.estateId)).toEqual([expect.objectContaining({ cannotReview: null })]);
      return { refused: () => approve(w.administrator, certificateOf(r)), allowed: () => approve(w.second, certificateOf(r)) };
    },
    refusedWith: [403, `You confirmed this report as one of the owner’s trustees, so another estate administrator must review its documents. ${NO_OTHER}`],
  },
  {
    rule: 'the owner may not name their only estate administrator a trustee (report-duties trusteesRefusal)',
    run: async (w) => {
      const lone = await insertEstateWithTeam(t.db);
      // With a second administrator, either may be a trustee: the other checks the documents.
      return { refused: () => nameTrustees(lone.owner, [lone.administrator.id]), allowed: () => nameTrustees(w.owner, [w.administrator.id]) };
    },
    refusedWith: [400, /is your only estate administrator, who checks the documents of a report, so .* cannot also be a trustee who confirms it\./],
  },
  {
    rule: 'staff may not make one of the owner’s trustees the estate’s administrator (report-duties administratorRefusal)',
    run: async (w) => {
      const trustee = await insertUser(t.db, { roles: ['estate-administrator'] });
      const outsider = await insertUser(t.db, { roles: ['estate-administrator'] });
      await t.db.insert(estateTrustees).values({ estateId: w.estateId, userId: trustee.id, position: 1 });
      return { refused: () => assign(w.staff, w.estateId, trustee.id), allowed: () => assign(w.staff, w.estateId, outsider.id) };
    },
    refusedWith: [400, /is one of the owner’s trustees, who confirm a report, so .* cannot also be the estate administrator who checks its documents\./],
  },
  {
    rule: 'nobody changes their own roles or status (admin-users updateUser)',
    run: async (w) => {
      const colleague = await insertUser(t.db, { roles: ['admin'] });
      const change = { roles: ['admin', 'estate-administrator'] };
      return { refused: () => as(w.staff, 'PATCH', `/api/v1/admin/users/${w.staff.id}`, change), allowed: () => as(colleague, 'PATCH', `/api/v1/admin/users/${w.staff.id}`, change) };
    },
    refusedWith: [403, 'You cannot change your own roles or status. Ask another administrator to do it.'],
  },
  {
    rule: 'an admin may not make themselves an estate’s administrator (assign-administrator)',
    run: async (w) => {
      const both = await insertUser(t.db, { roles: ['admin', 'estate-administrator'] });
      return { refused: () => assign(both, w.estateId, both.id), allowed: () => assign(w.staff, w.estateId, both.id) };
    },
    refusedWith: [403, 'You cannot make yourself the administrator of an estate. Ask another administrator to choose someone.'],
  },
  {
    rule: 'while a report is open its administrator stays — unless none of them may review it (assign-administrator, ADR 0111)',
    run: async (w) => {
      const lone = await insertEstateWithTeam(t.db);
      const barred = await insertEstateWithTeam(t.db);
      const newcomer = await insertUser(t.db, { roles: ['estate-administrator'] });
      await reportDeath(lone.owner.estateId!, lone.reporter);
      // The only administrator reported it: nobody of the estate may review it, so staff appoint another.
      await reportDeath(barred.owner.estateId!, barred.administrator);
      return { refused: () => assign(w.staff, lone.owner.estateId!, newcomer.id), allowed: () => assign(w.staff, barred.owner.estateId!, newcomer.id) };
    },
    refusedWith: [409, 'A report about this estate’s owner is open, so its administrator cannot be replaced until the report is settled.'],
  },
  {
    rule: 'only the estate’s own administrator proposes reversing an activation (activation-review)',
    run: async (w) => {
      const stranger = (await insertEstateWithTeam(t.db)).administrator;
      await setEstateStatus(t.db, w.estateId, 'active');
      await freezeActivationSnapshot(t.db, w.estateId, t.clock.now());
      expect((await as(w.owner, 'POST', '/api/v1/estate/activation-review')).statusCode).toBe(200);
      const propose = (u: InsertedUser) => () => as(u, 'POST', `/api/v1/estate-admin/estates/${w.estateId}/activation-review/propose`, REVIEW_REASON);
      return { refused: propose(stranger), allowed: propose(w.administrator) };
    },
    refusedWith: [404, /That estate|not found/i],
  },
  {
    rule: 'whoever proposed a reversal may not approve it, even as a platform admin (decide-reversal)',
    run: async (w) => {
      const both = await insertUser(t.db, { roles: ['estate-administrator', 'admin'] });
      await administrate(t.db, w.owner, both);
      await setEstateStatus(t.db, w.estateId, 'active');
      await freezeActivationSnapshot(t.db, w.estateId, t.clock.now());
      expect((await as(w.owner, 'POST', '/api/v1/estate/activation-review')).statusCode).toBe(200);
      const review = (await as(both, 'POST', `/api/v1/estate-admin/estates/${w.estateId}/activation-review/propose`, REVIEW_REASON)).json() as { id: string };
      const decide = (u: InsertedUser) => () => as(u, 'POST', `/api/v1/admin/activation-reviews/${review.id}/approve`, REVIEW_REASON);
      return { refused: decide(both), allowed: decide(w.staff) };
    },
    refusedWith: [403, 'You proposed this reversal, so a different platform admin must approve or reject it. Two people are needed.'],
  },
];

describe('separation of duties: who is refused, and who is allowed in the same world', () => {
  it.each(RULES)('$rule', async ({ run, refusedWith: [status, message] }) => {
    const w = await world();
    const { refused, allowed } = await run(w);
    const no = await refused();
    expect(no.statusCode, no.body).toBe(status);
    if (typeof message === 'string') expect(no.json().error.message).toBe(message);
    else expect(no.json().error.message).toMatch(message);
    const yes = await allowed();
    expect(yes.statusCode, yes.body).toBe(200);
  });
});

describe('what the owner’s Release Safeguards card says about two duties', () => {
  const warnings = async (owner: InsertedUser) => ((await as(owner, 'GET', '/api/v1/release-safeguards')).json() as { warnings: string[]; candidates: { userId: string }[] });

  it('their only estate administrator is not offered as a trustee, and the card says why; with two, naming one says who checks instead', async () => {
    const lone = await insertEstateWithTeam(t.db);
    const shown = await warnings(lone.owner);
    expect(shown.candidates.map((c) => c.userId)).not.toContain(lone.administrator.id);
    const name = lone.administrator.name;
    expect(shown.warnings).toEqual([
      `${name} is your only estate administrator, who checks the documents of a report, so ${name} cannot also be a trustee who confirms it. Choose someone else as a trustee, or ask for a second estate administrator first.`,
    ]);

    const w = await world();
    expect((await warnings(w.owner)).warnings).toEqual([]);
    expect((await nameTrustees(w.owner, [w.administrator.id])).statusCode).toBe(200);
    const a = w.administrator.name;
    expect((await warnings(w.owner)).warnings).toEqual([
      `${a} is both a trustee and one of your estate administrators. If ${a} confirms a report, ${a} cannot also check its documents: another of your estate administrators does, and if none is left, Heirloom’s staff appoint one.`,
    ]);
  });
});

describe('the same person confirming and verifying at the same moment', () => {
  it('gets one of the two: the other is refused as if it came second (403), five times over', async () => {
    for (let round = 0; round < 5; round++) {
      const w = await world();
      expect((await nameTrustees(w.owner, [w.administrator.id, w.other.id])).statusCode).toBe(200);
      expect((await as(w.owner, 'PATCH', '/api/v1/release-safeguards/rules', { quorumRequired: 2 })).statusCode).toBe(200);
      const r = await reportDeath(w.estateId, w.reporter, ['death_certificate', 'will']);
      // Reviewing the will decides nothing, so it needs no quorum first; it still makes them a verifier.
      const will = r.items.find((i) => i.documentType === 'will')!;
      const [confirmed, verified] = await Promise.all([answer(w.administrator, r.id), approve(w.administrator, will.id)]);
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
