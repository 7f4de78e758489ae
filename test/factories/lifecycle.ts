import type { Db } from '../../src/server/db/client.ts';
import { injectAs, sessionFor, type TestApp } from '../helpers.ts';
import { insertBeneficiary, insertSupportMember } from './estates.ts';
import { makePdf, multipartBody } from './files.ts';
import { endVetoWindow } from './safeguards.ts';
import { insertOwner, insertUser, type InsertedUser } from './users.ts';

/** An estate with a linked beneficiary and its estate administrator (all with accounts). */
export async function insertEstateWithTeam(db: Db, ownerOverrides: Parameters<typeof insertOwner>[1] = {}) {
  const owner = await insertOwner(db, ownerOverrides);
  const reporter = await insertUser(db, { roles: ['beneficiary'] });
  const beneficiary = await insertBeneficiary(db, owner.estateId!, { userId: reporter.id, relationship: 'Daughter', email: reporter.email });
  const administrator = await insertUser(db, { roles: ['estate-administrator'] });
  await administrate(db, owner, administrator);
  return { owner, reporter, beneficiary, administrator };
}

/** Puts a user on an estate's support team as its estate administrator. */
export async function administrate(db: Db, owner: InsertedUser, administrator: InsertedUser) {
  return insertSupportMember(db, owner.estateId!, {
    role: 'estate-administrator',
    userId: administrator.id,
    name: administrator.name,
    email: administrator.email,
    acceptedAt: new Date(),
  });
}

/**
 * The real way to an active estate: the beneficiary reports the death with a certificate, the
 * administrator approves it, the owner's veto window runs out, the administrator activates.
 */
export async function activateThroughApi(t: TestApp, family: Awaited<ReturnType<typeof insertEstateWithTeam>>, confirmers: { id: string }[] = []): Promise<void> {
  const activated = await (await readyToActivate(t, family, confirmers))();
  if (activated.statusCode !== 200) throw new Error(`activate: ${activated.body}`);
}

/** activateThroughApi up to the last step: answers the administrator's activation, to send when the caller wants. */
export async function readyToActivate(t: TestApp, family: Awaited<ReturnType<typeof insertEstateWithTeam>>, confirmers: { id: string }[] = []) {
  const estateId = family.owner.estateId!;
  const { payload, headers } = multipartBody([
    { name: 'data', value: JSON.stringify({ event: 'death', relationship: 'Daughter', eventDate: '2026-11-20' }) },
    { name: 'death_certificate', filename: 'certificate.pdf', data: makePdf('Death certificate'), contentType: 'application/pdf' },
  ]);
  const reported = await injectAs(t, await sessionFor(t, family.reporter), 'POST', `/api/v1/estates/${estateId}/reports`, payload, { headers });
  if (reported.statusCode !== 201) throw new Error(`report: ${reported.body}`);
  // the owner's trustees, when they named any, confirm it first
  for (const trustee of confirmers) {
    const answered = await injectAs(t, await sessionFor(t, trustee), 'POST', `/api/v1/trustee/reports/${reported.json().id}/answer`, { answer: 'confirm' });
    if (answered.statusCode !== 200) throw new Error(`confirm: ${answered.body}`);
  }
  const adminS = await sessionFor(t, family.administrator);
  const pending = await injectAs(t, adminS, 'GET', `/api/v1/estate-admin/verifications?status=pending&estateId=${estateId}`);
  for (const item of pending.json().items as { id: string }[]) await injectAs(t, adminS, 'POST', `/api/v1/estate-admin/verifications/${item.id}/approve`);
  await endVetoWindow(t.db, estateId, t.clock.now());
  return () => injectAs(t, adminS, 'POST', `/api/v1/estate-admin/estates/${estateId}/transition`, { event: 'activated' });
}
