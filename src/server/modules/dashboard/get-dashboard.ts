import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { computeCompletion } from '../../../core/completion.ts';
import type { TDashboard } from '../../../core/dashboard.schemas.ts';
import type { Ctx } from '../../context.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { documents } from '../../db/schema/documents.ts';
import { beneficiaries, supportTeamMembers } from '../../db/schema/estates.ts';
import { memories, memoryShares } from '../../db/schema/memories.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { toBeneficiary } from '../beneficiaries/beneficiary-view.ts';
import { toSupportMember } from '../support-team/member-view.ts';
import { TASK_ORDER } from '../tasks/list-tasks.ts';
import { tasksWithSuggesters } from '../tasks/task-view.ts';
import { completionFacts } from './completion-facts.ts';
import { onboardingChecklist } from './onboarding-checklist.ts';
import { isReturningVisitor } from './returning-visitor.ts';

const DASHBOARD_TASKS = 5;
const RECENT_MEMORIES = 3;

/**
 * The owner's dashboard. Every figure comes from their own data: completion by the rules in
 * core/completion.ts (docs/decisions/0008), the onboarding checklist from what exists
 * (onboarding-checklist.ts), the four cards are live counts ("Legal Documents" counts the legal
 * documents, the vault's total beside it; "Security" is the number of security measures on), and the
 * greeting knows a first visit from a return (returning-visitor.ts; docs/decisions/0040).
 */
export async function getDashboard(ctx: Ctx): Promise<TDashboard> {
  const estateId = ownEstateId(ctx);
  const facts = await completionFacts(ctx, estateId);
  const completion = computeCompletion(facts);
  // Before the task list is read: it ticks off the onboarding tasks whose step is now done.
  const checklist = await onboardingChecklist(ctx, estateId, facts.security.twoFactor);
  const returning = await isReturningVisitor(ctx);

  const [docCount] = await ctx.db
    .select({ n: count(), legal: sql<number>`count(*) filter (where ${documents.type} = 'legal')`.mapWith(Number) })
    .from(documents)
    .where(eq(documents.estateId, estateId));
  const [assetCount] = await ctx.db.select({ n: count() }).from(digitalAssets).where(eq(digitalAssets.estateId, estateId));
  const people = await ctx.db
    .select()
    .from(beneficiaries)
    .where(eq(beneficiaries.estateId, estateId))
    .orderBy(asc(beneficiaries.createdAt), asc(beneficiaries.firstName));
  const team = await ctx.db
    .select()
    .from(supportTeamMembers)
    .where(eq(supportTeamMembers.estateId, estateId))
    .orderBy(asc(supportTeamMembers.role), asc(supportTeamMembers.createdAt));

  const shares = ctx.db
    .select({ n: count() })
    .from(memoryShares)
    .where(eq(memoryShares.memoryId, memories.id));
  const recent = await ctx.db
    .select({
      id: memories.id,
      title: memories.title,
      type: memories.type,
      date: memories.date,
      shareAll: memories.shareAll,
      shared: sql<number>`(${shares})`.mapWith(Number),
    })
    .from(memories)
    .where(eq(memories.estateId, estateId))
    .orderBy(desc(memories.date), desc(memories.createdAt))
    .limit(RECENT_MEMORIES);

  const pending = await ctx.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.estateId, estateId), eq(tasks.status, 'pending')))
    .orderBy(...TASK_ORDER)
    .limit(DASHBOARD_TASKS);
  const [pendingCount] = await ctx.db
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.estateId, estateId), eq(tasks.status, 'pending')));

  return {
    owner: { name: ctx.actor.name, firstName: ctx.actor.name.trim().split(/\s+/)[0] ?? ctx.actor.name, returning },
    checklist,
    completion: {
      overall: completion.overall,
      documents: completion.documents,
      beneficiaries: completion.beneficiaries,
      accounts: completion.accounts,
      security: completion.security,
    },
    missing: completion.missing,
    counts: {
      documents: docCount?.n ?? 0,
      legalDocuments: docCount?.legal ?? 0,
      digitalAssets: assetCount?.n ?? 0,
      beneficiaries: people.length,
      security: completion.securityOn,
      securityTotal: completion.securityMeasures.length,
    },
    securityMeasures: completion.securityMeasures.map(({ key, label, on }) => ({ key, label, on })),
    recentMemories: recent.map((m) => ({
      id: m.id,
      title: m.title,
      type: m.type,
      date: m.date,
      sharedWith: m.shareAll ? people.length : m.shared,
    })),
    tasks: await tasksWithSuggesters(ctx.db, pending),
    pendingTaskCount: pendingCount?.n ?? 0,
    beneficiaries: people.map(toBeneficiary),
    supportTeam: team.map((m) => toSupportMember(m)),
  };
}
