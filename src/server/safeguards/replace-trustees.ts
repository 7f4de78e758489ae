import { eq } from 'drizzle-orm';
import type { BaseCtx } from '../context.ts';
import { trusteesOf } from '../access/trustees.ts';
import { estateTrustees } from '../db/schema/safeguards.ts';
import { badRequest } from '../lib/app-error.ts';
import { audit } from '../lib/audit.ts';
import { releaseRulesOf } from '../settings/release-rules-of.ts';
import { saveReleaseRules } from './safeguards-edit.ts';
import { linkedPeopleOf } from '../access/linked-people.ts';
import { trusteesRefusal } from '../access/report-duties.ts';
import { tellTrusteeNamed } from './trustee-notices.ts';

/**
 * Inside the caller's transaction, with the estate row locked: the owner's trustees become `userIds`,
 * in that order (first asked first). Each must be one of their beneficiaries or support-team members
 * with an account, and not their only estate administrator (ADR 0111). When fewer trustees remain than the confirmations asked for, the quorum is lowered
 * to all of them. Newly named trustees are told, in-app and by email, in the same transaction. Returns
 * the trustees as they were.
 */
export async function replaceTrustees(tx: BaseCtx, estateId: string, userIds: string[]): Promise<string[]> {
  const db = tx.db;
  const now = tx.clock.now();
  const candidates = new Set((await linkedPeopleOf(db, estateId)).map((c) => c.userId));
  if (userIds.some((id) => !candidates.has(id))) {
    throw badRequest('A trustee must be one of your beneficiaries or support team who has an account.', {
      userIds: 'Choose trustees from your beneficiaries and support team',
    });
  }
  const refusal = await trusteesRefusal(db, estateId, userIds);
  if (refusal) throw badRequest(refusal, { userIds: 'Your only estate administrator cannot be a trustee' });
  const current = (await trusteesOf(db, estateId)).map((t) => t.userId);
  await db.delete(estateTrustees).where(eq(estateTrustees.estateId, estateId));
  if (userIds.length) {
    await db.insert(estateTrustees).values(userIds.map((userId, i) => ({ estateId, userId, position: i + 1, namedAt: now })));
  }
  const rules = await releaseRulesOf(db, estateId);
  if (userIds.length && rules.quorumRequired > userIds.length) {
    await saveReleaseRules(db, estateId, { ...rules, quorumRequired: userIds.length }, now);
  }
  const added = userIds.filter((id) => !current.includes(id));
  await audit(tx, {
    action: 'release_safeguards.trustees_set',
    estateId,
    targetType: 'estate',
    targetId: estateId,
    details: { trustees: userIds.length, added: added.length },
  });
  for (const userId of added) await tellTrusteeNamed(tx, estateId, userId);
  return current;
}
