import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { completionFactsSql } from '../../views/completion-facts.ts';
import type { Db } from '../../db/client.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { documents } from '../../db/schema/documents.ts';
import { beneficiaries, estates } from '../../db/schema/estates.ts';
import { checklistFactsSql, pendingOnboardingTitlesSql } from './onboarding-checklist.ts';
import { returningVisitorSql } from '../../views/returning-visitor.ts';

const countOf = (from: ReturnType<typeof sql>) => sql`(select count(*) from ${from})`.mapWith(Number);

/** The dashboard's estate, and whose visit it is (the audit log's name for the session): values, or the placeholders of a query built once. */
export interface DashboardKeys {
  estateId: string | Placeholder;
  userId: string | Placeholder;
  auditedSessionId: string | Placeholder;
}

/**
 * Every figure of the owner's dashboard in one statement of sub-selects (one round trip instead of
 * one per figure): the card counts, the checklist's facts, the completion facts, whether the visitor
 * is returning, the pending onboarding tasks the checklist may tick, and `more` (the cards' rows,
 * correlated on `estates`).
 */
export function dashboardFiguresQuery<M extends Record<string, SQL>>(db: Db, { estateId, userId, auditedSessionId }: DashboardKeys, more: M) {
  const taken = Object.keys(more).filter((key) => key in completionFactsSql);
  if (taken.length) throw new Error(`dashboardFigures: ${taken.join(', ')} would replace a completion fact`);
  const facts = checklistFactsSql(estateId);
  return db
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
      returning: returningVisitorSql(userId, auditedSessionId),
      pendingOnboardingTitles: pendingOnboardingTitlesSql(estateId),
      ...completionFactsSql,
      ...more,
    })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(eq(estates.id, estateId));
}
