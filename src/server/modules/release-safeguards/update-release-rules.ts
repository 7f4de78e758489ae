import type { TReleaseSafeguards, TUpdateReleaseRulesRequest } from '../../../core/release-safeguards.schemas.ts';
import type { Ctx } from '../../context.ts';
import { inTransaction } from '../../db/client.ts';
import { refuseWhileSealed } from '../../access/estate-seal.ts';
import { trusteesOf } from '../../access/trustees.ts';
import { badRequest } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { releaseRulesOf } from '../../settings/release-rules-of.ts';
import { getReleaseSafeguards } from './get-release-safeguards.ts';
import { lockEstateForSafeguards, saveReleaseRules } from '../../safeguards/safeguards-edit.ts';

/** Change the veto window, M of N, or the trustees' response time (any of them). */
export async function updateReleaseRules(ctx: Ctx, input: TUpdateReleaseRulesRequest): Promise<TReleaseSafeguards> {
  const estateId = ownEstateId(ctx, 'Your estate');
  const rules = await inTransaction(ctx.db, async (db) => {
    await lockEstateForSafeguards(db, estateId);
    const before = await releaseRulesOf(db, estateId);
    const next = { ...before, ...input };
    if (next.quorumRequired !== before.quorumRequired) await refuseWhileSealed(db, estateId);
    if (input.quorumRequired !== undefined) {
      const named = (await trusteesOf(db, estateId)).length;
      if (named === 0) throw badRequest('Name your trustees first, then choose how many must confirm.', { quorumRequired: 'Name your trustees first' });
      if (input.quorumRequired > named) {
        throw badRequest(`You have named ${named} trustee${named === 1 ? '' : 's'}, so at most ${named} can be asked to confirm.`, {
          quorumRequired: `Choose a number from 1 to ${named}`,
        });
      }
    }
    await saveReleaseRules(db, estateId, next, ctx.clock.now());
    return next;
  });
  await audit(ctx, { action: 'release_safeguards.rules_updated', estateId, targetType: 'estate', targetId: estateId, details: { ...rules } });
  return getReleaseSafeguards(ctx);
}
