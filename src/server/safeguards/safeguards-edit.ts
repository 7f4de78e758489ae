import { ownerCanStillAct, isEstateStatus } from '../../core/lifecycle.ts';
import type { ReleaseRules } from '../../core/safeguards.schemas.ts';
import type { Db } from '../db/client.ts';
import { releaseRules } from '../db/schema/safeguards.ts';
import { conflict, notFound } from '../lib/app-error.ts';
import { lockEstate } from '../lib/estate-lock.ts';

/**
 * Locks the owner's estate row for a change of trustees or rules, and refuses it while a report is
 * open: the trustees asked and the window running were fixed when the report was made; the owner
 * who wants other rules cancels the report first.
 */
export async function lockEstateForSafeguards(tx: Db, estateId: string): Promise<void> {
  const estate = await lockEstate(tx, estateId);
  if (!estate) throw notFound('Your estate');
  if (isEstateStatus(estate.status) && ownerCanStillAct(estate.status)) {
    throw conflict('A report about you is open. Cancel it from your dashboard first, then change your trustees and rules.');
  }
  if (estate.status === 'active') throw conflict('Your estate is active: its trustees and rules can no longer change.');
}

/** Writes the estate's rules row (insert or replace). */
export async function saveReleaseRules(tx: Db, estateId: string, rules: ReleaseRules, now: Date): Promise<void> {
  await tx
    .insert(releaseRules)
    .values({ estateId, ...rules, updatedAt: now })
    .onConflictDoUpdate({ target: releaseRules.estateId, set: { ...rules, updatedAt: now } });
}
