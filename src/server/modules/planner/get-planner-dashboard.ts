import { averageCompletion } from '../../../core/loved-one-status.ts';
import { DASHBOARD_PROGRESS_LIMIT, DASHBOARD_TASKS_LIMIT, type TPlannerDashboard } from '../../../core/planner.schemas.ts';
import type { Ctx } from '../../context.ts';
import { clientRows, toLovedOnes } from './client-view.ts';
import { listPlannerTasks } from './list-planner-tasks.ts';
import { recentActivity } from './recent-activity.ts';

/**
 * The planner's dashboard: Loved Ones, Upcoming Tasks (open planner tasks) and Average Completion
 * (the rounded mean of every client's overall completion); the progress list (those needing
 * attention first); the open tasks, soonest first; recent activity. Completion of every client comes
 * with the client rows (client-view.ts), whatever their number.
 */
export async function getPlannerDashboard(ctx: Ctx): Promise<TPlannerDashboard> {
  const rows = await clientRows(ctx);
  const lovedOnes = toLovedOnes(ctx, rows);
  const [open, activity] = await Promise.all([
    listPlannerTasks(ctx, { status: 'open', limit: DASHBOARD_TASKS_LIMIT }),
    recentActivity(ctx, new Map(rows.map((r) => [r.estateId, r.name]))),
  ]);
  const attentionFirst = [...lovedOnes].sort((a, b) => Number(b.status === 'needs_attention') - Number(a.status === 'needs_attention'));
  return {
    counters: {
      lovedOnes: lovedOnes.length,
      upcomingTasks: open.openCount,
      averageCompletion: averageCompletion(lovedOnes.map((l) => l.progress)),
    },
    progress: attentionFirst.slice(0, DASHBOARD_PROGRESS_LIMIT),
    tasks: open,
    activity,
  };
}
