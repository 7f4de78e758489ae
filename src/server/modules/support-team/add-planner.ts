import { and, eq, or } from 'drizzle-orm';
import type { TSupportMember } from '../../../core/support-team.schemas.ts';
import type { Ctx } from '../../context.ts';
import { supportTeamMembers } from '../../db/schema/estates.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { assertSupportTeamRoom } from './support-team-room.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { plannerAddedMail } from '../../mail/templates/planner-added.ts';
import { assertPlannerAdditionAllowed, PLANNER_ADDED } from '../../mail/send-limits.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { notify } from '../../notices/notify.ts';
import { publicPlanners } from './list-available-planners.ts';
import { toSupportMember } from '../../views/member-view.ts';

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
  // Count, insert, mail and audit in one transaction (the count reads the audit log: one place).
  const row = await inMailTransaction(ctx, async (tx) => {
    await assertPlannerAdditionAllowed(tx.db, tx.actor.userId, now);
    await assertSupportTeamRoom(tx.db, estateId);
    const [inserted] = await tx.db
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
    if (!inserted) throw conflict(`${planner.name} is already on your support team.`);

    const { systemName } = await getSystemSettings(tx.db);
    const link = `${tx.config.publicUrl.replace(/\/$/, '')}/legacy-planner/loved-ones`;
    await tx.mailer.send(
      { to: planner.email, ...plannerAddedMail({ systemName, plannerName: planner.name, ownerName: tx.actor.name, link }) },
      { db: tx.db },
    );
    await audit(tx, { action: PLANNER_ADDED, estateId, targetType: 'support_team_member', targetId: inserted.id });
    await notify(tx, {
      userId: planner.id,
      type: 'estate',
      message: `${ctx.actor.name} added you to their support team`,
      fromName: ctx.actor.name,
      link: '/legacy-planner/loved-ones',
    });
    return inserted;
  });
  return toSupportMember(row);
}
