/**
 * View Access counts what the access policy counts: an item attached to a letter delivered to the
 * beneficiary is shared with them (and visible when released and their flag is on); an attachment
 * of a letter still scheduled shares nothing.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { beneficiaries } from '../../db/schema/estates.ts';
import { insertDocument } from '../../../../test/factories/documents.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { insertMemory } from '../../../../test/factories/memories.ts';
import { insertDeliveredLetter, insertScheduledLetter, setEstateStatus } from '../../../../test/factories/shared-content.ts';
import { injectAs, useTwoOwners } from '../../../../test/helpers.ts';

const { t, owner, ownerS } = useTwoOwners();

const viewAccess = async (beneficiaryId: string) => {
  const res = await injectAs(t, ownerS, 'GET', `/api/v1/beneficiaries/${beneficiaryId}/access`);
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('View Access', () => {
  it('counts a memory attached to a delivered letter as shared and visible; a scheduled letter’s attachment not at all', async () => {
    const estateId = owner.estateId!;
    const person = await insertBeneficiary(t.db, estateId);
    const memory = await insertMemory(t.app.deps, estateId, { title: 'Only in the letter', createdBy: owner.id });
    const waiting = await insertMemory(t.app.deps, estateId, { title: 'On a later letter', createdBy: owner.id });
    const held = await insertDocument(t.app.deps, estateId, { title: 'Held deed', release: 'after_activation' });
    await insertScheduledLetter(t.db, estateId, person, { memoryIds: [waiting.id] });
    expect((await viewAccess(person.id)).memories).toEqual({ shared: 0, visibleNow: 0 });

    await insertDeliveredLetter(t.db, { estateId, ownerId: owner.id, recipient: person, memoryIds: [memory.id], documentIds: [held.id] });
    const view = await viewAccess(person.id);
    expect(view.memories).toEqual({ shared: 1, visibleNow: 1 });
    expect(view.documents).toEqual({ shared: 1, visibleNow: 0 });
    expect(view.futureMessages).toEqual({ scheduled: 1, delivered: 1 });

    // Another beneficiary of the same estate: the letter was not theirs.
    const sibling = await insertBeneficiary(t.db, estateId);
    expect((await viewAccess(sibling.id)).memories).toEqual({ shared: 0, visibleNow: 0 });

    // Flags off: still shared, not visible.
    await t.db.update(beneficiaries).set({ accessMemories: false, accessMessages: false }).where(eq(beneficiaries.id, person.id));
    const off = await viewAccess(person.id);
    expect(off.memories).toEqual({ shared: 1, visibleNow: 0 });
    expect(off.futureMessages).toEqual({ scheduled: 1, delivered: 0 });

    // Active estate: the after-activation document is released.
    await setEstateStatus(t.db, estateId, 'active');
    try {
      expect((await viewAccess(person.id)).documents).toEqual({ shared: 1, visibleNow: 1 });
    } finally {
      await setEstateStatus(t.db, estateId, 'planning');
    }
  });
});
