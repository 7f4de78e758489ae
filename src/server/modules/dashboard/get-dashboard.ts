import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { computeCompletion } from '../../../core/completion.ts';
import { MAX_SUPPORT_TEAM } from '../../../core/constants.ts';
import type { TDashboard } from '../../../core/dashboard.schemas.ts';
import type { Ctx } from '../../context.ts';
import { beneficiaries, beneficiaryName, supportTeamMembers } from '../../db/schema/estates.ts';
import { memories, memoryShares } from '../../db/schema/memories.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { users } from '../../db/schema/users.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { toBeneficiary } from '../../views/beneficiary-view.ts';
import { toSupportMember } from '../../views/member-view.ts';
import { TASK_ORDER, toTask } from '../../views/task-view.ts';
import { completionFacts } from '../../views/completion-facts.ts';
import { dashboardFigures } from './dashboard-figures.ts';
import { checklistOf, tickOnboardingTasks } from './onboarding-checklist.ts';

const DASHBOARD_TASKS = 5;
const RECENT_MEMORIES = 3;
/**
 * The beneficiaries card shows the first few in name order beside the server's count of all of them
 * (counts.beneficiaries) and links to the paged Beneficiaries screen. The support team is a bounded
 * set (MAX_SUPPORT_TEAM, enforced when adding) and is shown whole.
 */
export const CARD_BENEFICIARIES = 5;

/**
 * The owner's dashboard. Every figure comes from their own data: completion by the rules in
 * core/completion.ts (docs/decisions/0008), the onboarding checklist from what exists
 * (onboarding-checklist.ts), the four cards are live counts ("Legal Documents" counts the legal
 * documents, the vault's total beside it; "Security" is the number of security measures on), and the
 * greeting knows a first visit from a return (returning-visitor.ts; docs/decisions/0040).
 *
 * Read in one round of independent statements (the single figures folded into one, see
 * dashboard-figures.ts); a second round only when an onboarding task has just been ticked off.
 */
export async function getDashboard(ctx: Ctx): Promise<TDashboard> {
  const estateId = ownEstateId(ctx);
  const [facts, figures, people, team, recent, firstPending] = await Promise.all([
    completionFacts(ctx, estateId),
    dashboardFigures(ctx, estateId),
    ctx.db
      .select()
      .from(beneficiaries)
      .where(eq(beneficiaries.estateId, estateId))
      .orderBy(asc(beneficiaryName()), asc(beneficiaries.id))
      .limit(CARD_BENEFICIARIES),
    ctx.db
      .select()
      .from(supportTeamMembers)
      .where(eq(supportTeamMembers.estateId, estateId))
      .orderBy(asc(supportTeamMembers.role), asc(supportTeamMembers.createdAt))
      .limit(MAX_SUPPORT_TEAM),
    recentMemories(ctx, estateId),
    pendingTasks(ctx, estateId),
  ]);
  const completion = computeCompletion(facts);
  const checklist = checklistOf({ ...figures, twoFactor: facts.security.twoFactor });
  // The task list must not show a task the checklist has just ticked off.
  const ticked = await tickOnboardingTasks(ctx, estateId, checklist, figures.pendingOnboardingTitles);
  const pending = ticked ? await pendingTasks(ctx, estateId) : firstPending;

  return {
    owner: { name: ctx.actor.name, firstName: ctx.actor.name.trim().split(/\s+/)[0] ?? ctx.actor.name, returning: figures.returning },
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
      documents: figures.documents,
      legalDocuments: figures.legalDocuments,
      digitalAssets: figures.digitalAssets,
      beneficiaries: figures.beneficiaries,
      security: completion.securityOn,
      securityTotal: completion.securityMeasures.length,
    },
    securityMeasures: completion.securityMeasures.map(({ key, label, on }) => ({ key, label, on })),
    recentMemories: recent.map((m) => ({
      id: m.id,
      title: m.title,
      type: m.type,
      date: m.date,
      sharedWith: m.shareAll ? figures.beneficiaries : m.shared,
    })),
    tasks: pending.rows.map((r) => toTask(r.task, r.suggestedBy)),
    pendingTaskCount: pending.count,
    beneficiaries: people.map(toBeneficiary),
    supportTeam: team.map((m) => toSupportMember(m)),
  };
}

function recentMemories(ctx: Ctx, estateId: string) {
  const shares = sql`select count(*) from ${memoryShares} where ${memoryShares.memoryId} = ${memories.id}`;
  return ctx.db
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
}

/** The first pending tasks with who suggested each, and how many are pending in all (counted before the limit). */
async function pendingTasks(ctx: Ctx, estateId: string) {
  const rows = await ctx.db
    .select({ task: tasks, suggestedBy: users.name, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.suggestedBy))
    .where(and(eq(tasks.estateId, estateId), eq(tasks.status, 'pending')))
    .orderBy(...TASK_ORDER)
    .limit(DASHBOARD_TASKS);
  return { rows, count: rows[0]?.total ?? 0 };
}
