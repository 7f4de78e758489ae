import { and, asc, eq, sql } from 'drizzle-orm';
import { initialsOf } from '../../../core/names.ts';
import { PLANNER_VISIBILITY_KEY, type TAvailablePlanners } from '../../../core/support-team.schemas.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { supportTeamMembers } from '../../db/schema/estates.ts';
import { userRoles, userSettings, users } from '../../db/schema/users.ts';
import { ownEstateId } from '../../lib/scope.ts';

/** Active legacy planners whose profile visibility is Public (user_settings.data.plannerVisibility). */
export async function publicPlanners(db: Db) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'legacy-planner')))
    .innerJoin(userSettings, eq(userSettings.userId, users.id))
    .where(and(eq(users.status, 'active'), sql`${userSettings.data} ->> ${PLANNER_VISIBILITY_KEY} = 'Public'`))
    .orderBy(asc(users.name));
}

export async function listAvailablePlanners(ctx: Ctx): Promise<TAvailablePlanners> {
  const estateId = ownEstateId(ctx);
  const planners = await publicPlanners(ctx.db);
  const team = await ctx.db
    .select({ userId: supportTeamMembers.userId, email: supportTeamMembers.email })
    .from(supportTeamMembers)
    .where(and(eq(supportTeamMembers.estateId, estateId), eq(supportTeamMembers.role, 'legacy-planner')));
  return {
    planners: planners
      .filter((p) => p.id !== ctx.actor.userId)
      .map((p) => ({
        ...p,
        initials: initialsOf(p.name),
        onTeam: team.some((m) => m.userId === p.id || m.email === p.email),
      })),
  };
}
