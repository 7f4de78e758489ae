import { eq, sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { completionFactsSql } from '../../views/completion-facts.ts';
import type { Ctx } from '../../context.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { documents } from '../../db/schema/documents.ts';
import { beneficiaries, estates } from '../../db/schema/estates.ts';
import { checklistFactsSql, pendingOnboardingTitlesSql } from './onboarding-checklist.ts';
import { returningVisitorSql } from '../../views/returning-visitor.ts';

const countOf = (from: ReturnType<typeof sql>) => sql`(select count(*) from ${from})`.mapWith(Number);

/**
 * Every figure of the owner's dashboard in one statement of sub-selects (one round trip instead of
 * one per figure): the card counts, the checklist's facts, the completion facts, whether the visitor
 * is returning, the pending onboarding tasks the checklist may tick, and `more` (the cards' rows,
 * correlated on `estates`).
 */
export async function dashboardFigures<M extends Record<string, SQL>>(ctx: Ctx, estateId: string, more: M) {
  const taken = Object.keys(more).filter((key) => key in completionFactsSql);
  if (taken.length) throw new Error(`dashboardFigures: ${taken.join(', ')} would replace a completion fact`);
  const facts = checklistFactsSql(estateId);
  const [row] = await ctx.db
    .select({
      documents: countOf(sql`${documents} where ${documents.estateId} = ${estateId}`),
      legalDocuments: countOf(sql`${documents} where ${documents.estateId} = ${estateId} and ${documents.type} = 'legal'`),
      digitalAssets: countOf(sql`${digitalAssets} where ${digitalAssets.estateId} = ${estateId}`),
      beneficiaries: countOf(sql`${beneficiaries} where ${beneficiaries.estateId} = ${estateId}`),
      will: facts.will,
      beneficiary: facts.beneficiary,
      memory: facts.memory,
      digitalAsset: facts.digitalAsset,
      futureMessage: facts.futureMessage,
      supportTeam: facts.supportTeam,
      returning: returningVisitorSql(ctx.actor.userId, ctx.actor.sessionId),
      pendingOnboardingTitles: pendingOnboardingTitlesSql(estateId),
      ...completionFactsSql,
      ...more,
    })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(eq(estates.id, estateId));
  if (!row) throw new Error(`estate ${estateId} is gone`);
  return row;
}
