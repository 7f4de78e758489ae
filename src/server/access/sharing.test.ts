/**
 * Share notifications ask the access policy who newly sees an item: the estate's status counts
 * (an after-activation item is held until activation, and an active estate cannot be changed from
 * the owner's account at all), and so do the category flag and a letter that already shared it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema/messages.ts';
import { insertDocument } from '../../../test/factories/documents.ts';
import { insertMemory } from '../../../test/factories/memories.ts';
import { insertDeliveredLetter, insertFamily, linkBeneficiary, insertBeneficiaryUser, setEstateStatus, type Family } from '../../../test/factories/shared-content.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const notesOf = async (userId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => ({ type: n.type, message: n.message, link: n.link }));

async function family(status: 'planning' | 'activation_pending' | 'active'): Promise<Family & { ownerS: TestSession }> {
  const f = await insertFamily(t.db);
  await setEstateStatus(t.db, f.estateId, status);
  return { ...f, ownerS: await sessionFor(t, f.owner) };
}

const share = (f: { ownerS: TestSession }, kind: 'memories' | 'documents', id: string, body: Record<string, unknown>) =>
  injectAs(t, f.ownerS, 'PUT', `/api/v1/${kind}/${id}/share`, body);

describe('sharing an after-activation item', () => {
  it('in an ACTIVE estate is refused: the estate is frozen, nothing new is shown and nobody is told (ADR 0074)', async () => {
    const f = await family('active');
    const memory = await insertMemory(t.app.deps, f.estateId, { title: 'The lake house', createdBy: f.owner.id });
    const doc = await insertDocument(t.app.deps, f.estateId, { title: 'Deed' });
    const viewerS = await sessionFor(t, f.viewer);

    const m = await share(f, 'memories', memory.id, { all: false, beneficiaryIds: [f.viewerRow.id], release: 'after_activation' });
    expect(m.statusCode).toBe(409);
    expect(m.json().error.code).toBe('ESTATE_FROZEN');
    expect((await injectAs(t, viewerS, 'GET', `/api/v1/shared/memories/${memory.id}`)).statusCode).toBe(404);
    expect((await share(f, 'documents', doc.id, { all: true, release: 'after_activation' })).statusCode).toBe(409);
    expect((await injectAs(t, viewerS, 'GET', `/api/v1/shared/files/${doc.file.id}`)).statusCode).toBe(404);
    expect(await notesOf(f.viewer.id)).toEqual([]);
  });

  it.each(['planning', 'activation_pending'] as const)('in a %s estate notifies no one (it is held until activation)', async (status) => {
    const f = await family(status);
    const memory = await insertMemory(t.app.deps, f.estateId, { title: 'Held', createdBy: f.owner.id });
    expect((await share(f, 'memories', memory.id, { all: true, release: 'after_activation' })).statusCode).toBe(200);
    expect(await notesOf(f.viewer.id)).toEqual([]);
    // Released now, it is visible and they are told.
    await share(f, 'memories', memory.id, { all: true, release: 'now' });
    expect((await notesOf(f.viewer.id)).map((n) => n.message)).toEqual([`${f.owner.name} shared a memory with you: Held`]);
  });
});

describe('who is told', () => {
  it('not someone whose flag for the category is off, nor someone who could already see it through a delivered letter', async () => {
    const f = await family('planning');
    const flagOff = await insertBeneficiaryUser(t.db);
    await linkBeneficiary(t.db, f.estateId, flagOff, { accessDocuments: false });
    const doc = await insertDocument(t.app.deps, f.estateId, { title: 'Will' });
    await insertDeliveredLetter(t.db, { estateId: f.estateId, ownerId: f.owner.id, recipient: f.viewerRow, documentIds: [doc.id] });

    expect((await share(f, 'documents', doc.id, { all: true, release: 'now' })).statusCode).toBe(200);
    expect((await notesOf(f.viewer.id)).filter((n) => n.type === 'document')).toEqual([]);
    expect(await notesOf(flagOff.id)).toEqual([]);
  });
});
