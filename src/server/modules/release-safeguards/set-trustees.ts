import { eq } from 'drizzle-orm';
import type { TReleaseSafeguards, TSetTrusteesRequest } from '../../../core/release-safeguards.schemas.ts';
import type { Ctx } from '../../context.ts';
import { estateTrustees } from '../../db/schema/safeguards.ts';
import { refuseWhileSealed } from '../../access/estate-seal.ts';
import { trusteesOf } from '../../access/trustees.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { badRequest } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { releaseRulesOf } from '../../settings/release-rules-of.ts';
import { getReleaseSafeguards } from './get-release-safeguards.ts';
import { lockEstateForSafeguards, saveReleaseRules } from './safeguards-edit.ts';
import { tellTrusteeNamed } from './trustee-notices.ts';
import { trusteeCandidatesOf } from './trustee-candidates.ts';

/**
 * Replace the owner's trustees with `userIds`, in that order (first asked first). Each must be one
 * of their beneficiaries or support-team members with an account. When fewer trustees remain than
 * the confirmations asked for, the quorum is lowered to all of them (and the owner sees it). Newly
 * named trustees are told, in-app and by email, in the same transaction.
 */
export async function setTrustees(ctx: Ctx, input: TSetTrusteesRequest): Promise<TReleaseSafeguards> {
  const estateId = ownEstateId(ctx, 'Your estate');
  const now = ctx.clock.now();
  await inMailTransaction(ctx, async (tx) => {
    const db = tx.db;
    await lockEstateForSafeguards(db, estateId);
    const candidates = new Set((await trusteeCandidatesOf(db, estateId)).map((c) => c.userId));
    const strangers = input.userIds.filter((id) => !candidates.has(id));
    if (strangers.length) {
      throw badRequest('A trustee must be one of your beneficiaries or support team who has an account.', {
        userIds: 'Choose trustees from your beneficiaries and support team',
      });
    }
    const current = (await trusteesOf(db, estateId)).map((t) => t.userId);
    if (current.join() !== input.userIds.join()) await refuseWhileSealed(db, estateId);
    const before = new Set(current);
    await db.delete(estateTrustees).where(eq(estateTrustees.estateId, estateId));
    if (input.userIds.length) {
      await db.insert(estateTrustees).values(input.userIds.map((userId, i) => ({ estateId, userId, position: i + 1, namedAt: now })));
    }
    const rules = await releaseRulesOf(db, estateId);
    if (input.userIds.length && rules.quorumRequired > input.userIds.length) {
      await saveReleaseRules(db, estateId, { ...rules, quorumRequired: input.userIds.length }, now);
    }
    const added = input.userIds.filter((id) => !before.has(id));
    await audit(tx, {
      action: 'release_safeguards.trustees_set',
      estateId,
      targetType: 'estate',
      targetId: estateId,
      details: { trustees: input.userIds.length, added: added.length },
    });
    for (const userId of added) await tellTrusteeNamed(tx, estateId, userId);
  });
  return getReleaseSafeguards(ctx);
}
