import type { TReleaseSafeguards } from '../../../core/release-safeguards.schemas.ts';
import type { Ctx } from '../../context.ts';
import { administratorAccounts } from '../../access/estate-roles.ts';
import { onlyAdministrator, onlyAdministratorWords } from '../../access/report-duties.ts';
import { trusteesOf, type Trustee } from '../../access/trustees.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { releaseRulesOf } from '../../settings/release-rules-of.ts';
import { linkedPeopleOf } from '../../access/linked-people.ts';

/**
 * What the owner should know about who holds two duties (ADR 0111): their only estate administrator
 * cannot be named a trustee (and is not offered); a trustee who is one of several administrators
 * may be, and the sentence says who then checks the documents.
 */
function dutyWarnings(trustees: Trustee[], administrators: string[], only: { name: string } | null): string[] {
  const both = trustees
    .filter((t) => administrators.includes(t.userId))
    .map(
      (t) =>
        `${t.name} is both a trustee and one of your estate administrators. If ${t.name} confirms a report, ${t.name} cannot also check its documents: another of your estate administrators does, and if none is left, Heirloom’s staff appoint one.`,
    );
  return only && !both.length ? [onlyAdministratorWords(only.name)] : both;
}

/** The owner's trustees (in order), the people they may name, their rules for a report, and any person holding two duties. */
export async function getReleaseSafeguards(ctx: Ctx): Promise<TReleaseSafeguards> {
  const estateId = ownEstateId(ctx, 'Your estate');
  const [rules, trustees, candidates, administrators] = await Promise.all([
    releaseRulesOf(ctx.db, estateId),
    trusteesOf(ctx.db, estateId),
    linkedPeopleOf(ctx.db, estateId),
    administratorAccounts(ctx.db, estateId),
  ]);
  const only = onlyAdministrator(administrators);
  return {
    rules,
    trustees: trustees.map((t, i) => ({ userId: t.userId, name: t.name, position: i + 1 })),
    candidates: candidates.filter((c) => c.userId !== only?.userId),
    warnings: dutyWarnings(trustees, administrators.map((a) => a.userId), only),
  };
}
