import type { TReleaseSafeguards } from '../../../core/release-safeguards.schemas.ts';
import type { Ctx } from '../../context.ts';
import { trusteesOf } from '../../access/trustees.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { releaseRulesOf } from '../release-rules/release-rules-of.ts';
import { trusteeCandidatesOf } from './trustee-candidates.ts';

/** The owner's trustees (in order), the people they may name, and their rules for a report. */
export async function getReleaseSafeguards(ctx: Ctx): Promise<TReleaseSafeguards> {
  const estateId = ownEstateId(ctx, 'Your estate');
  const [rules, trustees, candidates] = await Promise.all([releaseRulesOf(ctx.db, estateId), trusteesOf(ctx.db, estateId), trusteeCandidatesOf(ctx.db, estateId)]);
  return {
    rules,
    trustees: trustees.map((t, i) => ({ userId: t.userId, name: t.name, position: i + 1 })),
    candidates,
  };
}
