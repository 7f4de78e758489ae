import { and, eq, or } from 'drizzle-orm';
import type { TSupportMember } from '../../../core/support-team.schemas.ts';
import type { Ctx } from '../../context.ts';
import { supportTeamMembers } from '../../db/schema/estates.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { getSystemSettings } from '../system-settings/get-system-settings.ts';
import { notify } from '../notifications/notify.ts';
import { publicPlanners } from './list-available-planners.ts';
import { toSupportMember } from './member-view.ts';

/**
 * Add a planner who made their profile Public. They offered themselves publicly, so they join at
 * once (linked to their account) and are told by email and notification.
 */
export async function addPlanner(ctx: Ctx, plannerId: string): Promise<TSupportMember> {
  const estateId = ownEstateId(ctx);
  const planner = (await publicPlanners(ctx.db)).find((p) => p.id === plannerId && p.id !== ctx.actor.userId);
  if (!planner) throw notFound('That planner');
  const [existing] = await ctx.db
    .select({ id: supportTeamMembers.id })
    .from(supportTeamMembers)
    .where(
      and(
        eq(supportTeamMembers.estateId, estateId),
        eq(supportTeamMembers.role, 'legacy-planner'),
        or(eq(supportTeamMembers.userId, planner.id), eq(supportTeamMembers.email, planner.email)),
      ),
    );
  if (existing) throw conflict(`${planner.name} is already on your support team.`);

  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(supportTeamMembers)
    .values({
      estateId,
      userId: planner.id,
      role: 'legacy-planner',
      name: planner.name,
      email: planner.email,
      phone: planner.phone,
      invitedAt: now,
      acceptedAt: now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`${planner.name} is already on your support team.`);

  const { systemName } = await getSystemSettings(ctx.db);
  const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/legacy-planner/loved-ones`;
  await ctx.mailer.send({
    to: planner.email,
    subject: `${ctx.actor.name} added you to their support team`,
    text: [
      `Hello ${planner.name.split(/\s+/)[0]},`,
      '',
      `${ctx.actor.name} found your public profile on ${systemName} and added you to their support team as their Legacy Planner.`,
      '',
      `You can see their progress, tasks and appointments here: ${link}`,
      '',
      `If you do not want to be listed, set your profile visibility to Private in your settings.`,
    ].join('\n'),
    kind: 'support-team-added',
  });
  await notify(ctx, {
    userId: planner.id,
    type: 'estate',
    message: `${ctx.actor.name} added you to their support team`,
    fromName: ctx.actor.name,
    link: '/legacy-planner/loved-ones',
  });
  await audit(ctx, { action: 'support_team.planner_added', estateId, targetType: 'support_team_member', targetId: row.id });
  return toSupportMember(row);
}
