import type { TReleaseSafeguards } from '../../../core/release-safeguards.schemas.ts';
import type { Ctx } from '../../context.ts';
import { administratorsOf } from '../../access/estate-roles.ts';
import { trusteesOf, type Trustee } from '../../access/trustees.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { releaseRulesOf } from '../../settings/release-rules-of.ts';
import { linkedPeopleOf } from '../../access/linked-people.ts';

/**
 * One sentence for each trustee who also administers the estate: the rules refuse them verifying a
 * report they confirmed (ADR 0076), but the owner should know one person holds both duties.
 */
function dutyWarnings(trustees: Trustee[], administrators: string[]): string[] {
  return trustees
    .filter((t) => administrators.includes(t.userId))
    .map(
      (t) =>
        `${t.name} is both a trustee and your estate administrator. One person should not both confirm and verify your passing: if ${t.name} confirms a report, another administrator must check its documents. Consider choosing someone else.`,
    );
}

/** The owner's trustees (in order), the people they may name, their rules for a report, and any person holding two duties. */
export async function getReleaseSafeguards(ctx: Ctx): Promise<TReleaseSafeguards> {
  const estateId = ownEstateId(ctx, 'Your estate');
  const [rules, trustees, candidates, administrators] = await Promise.all([
    releaseRulesOf(ctx.db, estateId),
    trusteesOf(ctx.db, estateId),
    linkedPeopleOf(ctx.db, estateId),
    administratorsOf(ctx.db, estateId),
  ]);
  return {
    rules,
    trustees: trustees.map((t, i) => ({ userId: t.userId, name: t.name, position: i + 1 })),
    candidates,
    warnings: dutyWarnings(trustees, administrators),
  };
}
