import { asc, eq } from 'drizzle-orm';
import { MAX_SUPPORT_TEAM } from '../../../core/constants.ts';
import { readUserSettings } from '../../../core/settings.schemas.ts';
import type { TSupportTeam } from '../../../core/support-team.schemas.ts';
import type { Ctx } from '../../context.ts';
import { supportTeamMembers } from '../../db/schema/estates.ts';
import { userSettings } from '../../db/schema/users.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { toSupportMember } from '../../views/member-view.ts';

/**
 * The owner's support team; a joined planner's card carries their preferred contact method. A bounded
 * set, not paged: at most MAX_SUPPORT_TEAM people, enforced when adding (ADR 0065).
 */
export async function listSupportTeam(ctx: Ctx): Promise<TSupportTeam> {
  const estateId = ownEstateId(ctx);
  const rows = await ctx.db
    .select({ member: supportTeamMembers, settings: userSettings.data })
    .from(supportTeamMembers)
    .leftJoin(userSettings, eq(userSettings.userId, supportTeamMembers.userId))
    .where(eq(supportTeamMembers.estateId, estateId))
    .orderBy(asc(supportTeamMembers.role), asc(supportTeamMembers.createdAt), asc(supportTeamMembers.id))
    .limit(MAX_SUPPORT_TEAM);
  return {
    members: rows.map(({ member, settings }) =>
      toSupportMember(
        member,
        member.role === 'legacy-planner' && member.userId && member.acceptedAt ? readUserSettings(settings).plannerContactMethod : null,
      ),
    ),
  };
}
