import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { computeCompletion } from '../../../core/completion.ts';
import { MAX_SUPPORT_TEAM } from '../../../core/constants.ts';
import type { TDashboard } from '../../../core/dashboard.schemas.ts';
import type { Ctx } from '../../context.ts';
import { beneficiaries, beneficiaryName, estates, supportTeamMembers } from '../../db/schema/estates.ts';
import { fromTableRows, subselect, tableRows } from '../../lib/child-rows.ts';
import { memories, memoryShares } from '../../db/schema/memories.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { users } from '../../db/schema/users.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { toBeneficiary } from '../../views/beneficiary-view.ts';
import { toSupportMember } from '../../views/member-view.ts';
import { TASK_ORDER, toTask } from '../../views/task-view.ts';
import { completionFactsOf } from '../../views/completion-facts.ts';
import { dashboardFiguresQuery } from './dashboard-figures.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { auditedSessionId } from '../../lib/audit.ts';
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
 * Read in one statement (dashboard-figures.ts: the figures, the completion facts and the cards'
 * rows); a second only when an onboarding task has just been ticked off.
 */
export async function getDashboard(ctx: Ctx): Promise<TDashboard> {
  const estateId = ownEstateId(ctx);
  const [figures] = await figuresOf(ctx.db).execute({ estate: estateId, viewer: ctx.actor.userId, session: auditedSessionId(ctx.actor.sessionId) });
  if (!figures) throw new Error(`estate ${estateId} is gone`);
  const facts = completionFactsOf(ctx, figures);
  const completion = computeCompletion(facts);
  const checklist = checklistOf({ ...figures, twoFactor: facts.security.twoFactor });
  // The task list must not show a task the checklist has just ticked off.
  const ticked = await tickOnboardingTasks(ctx, estateId, checklist, figures.pendingOnboardingTitles);
  const pending = pendingTasksOf(ticked ? await pendingTasksAgain(ctx, estateId) : figures);
  const recent = fromTableRows(memories, figures.recent, recentExtra);

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
    recentMemories: recent.map(({ row: m, shared }) => ({
      id: m.id,
      title: m.title,
      type: m.type,
      date: m.date,
      sharedWith: m.shareAll ? figures.beneficiaries : shared,
    })),
    tasks: pending.rows.map((r) => toTask(r.row, r.suggestedBy)),
    pendingTaskCount: pending.count,
    beneficiaries: fromTableRows(beneficiaries, figures.cardBeneficiaries).map((r) => toBeneficiary(r.row)),
    supportTeam: fromTableRows(supportTeamMembers, figures.cardTeam).map((r) => toSupportMember(r.row)),
  };
}

const recentExtra = { shared: sql<number>`(select count(*) from ${memoryShares} where ${memoryShares.memoryId} = ${memories.id})` };
const taskExtra = { suggestedBy: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${tasks.suggestedBy})` };

/** The first pending tasks with who suggested each, and how many are pending in all: select beside an `estates` row. */
const pendingTasksSql = {
  pending: tableRows(tasks, { where: and(eq(tasks.estateId, estates.id), eq(tasks.status, 'pending')), orderBy: TASK_ORDER, limit: DASHBOARD_TASKS, extra: taskExtra }),
  pendingCount: subselect(sql<number>`(select count(*) from ${tasks} where ${tasks.estateId} = ${estates.id} and ${tasks.status} = 'pending')`).mapWith(Number),
};

/** The dashboard's one statement, built once with placeholders (prepared-query.ts): rebuilding its SQL was a fifth of the screen's server time. */
const figuresOf = preparedQuery((db) =>
  dashboardFiguresQuery(
    db,
    { estateId: sql.placeholder('estate'), userId: sql.placeholder('viewer'), auditedSessionId: sql.placeholder('session') },
    {
      cardBeneficiaries: tableRows(beneficiaries, {
        where: eq(beneficiaries.estateId, estates.id),
        orderBy: [asc(beneficiaryName()), asc(beneficiaries.id)],
        limit: CARD_BENEFICIARIES,
      }),
      cardTeam: tableRows(supportTeamMembers, {
        where: eq(supportTeamMembers.estateId, estates.id),
        orderBy: [asc(supportTeamMembers.role), asc(supportTeamMembers.createdAt)],
        limit: MAX_SUPPORT_TEAM,
      }),
      recent: tableRows(memories, {
        where: eq(memories.estateId, estates.id),
        orderBy: [desc(memories.date), desc(memories.createdAt)],
        limit: RECENT_MEMORIES,
        extra: recentExtra,
      }),
      ...pendingTasksSql,
    },
  ).prepare('heirloom_owner_dashboard'),
);

const pendingTasksOf = (row: { pending: unknown; pendingCount: number }) => ({ rows: fromTableRows(tasks, row.pending, taskExtra), count: row.pendingCount });

/** The pending tasks again, after the checklist ticked some off. */
async function pendingTasksAgain(ctx: Ctx, estateId: string) {
  const [row] = await ctx.db.select(pendingTasksSql).from(estates).where(eq(estates.id, estateId));
  return row ?? { pending: [], pendingCount: 0 };
}
