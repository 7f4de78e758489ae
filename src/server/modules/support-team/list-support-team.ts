import { asc, eq } from 'drizzle-orm';
import type { TSupportTeam } from '../../../core/support-team.schemas.ts';
import type { Ctx } from '../../context.ts';
import { supportTeamMembers } from '../../db/schema/estates.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { toSupportMember } from './member-view.ts';

export async function listSupportTeam(ctx: Ctx): Promise<TSupportTeam> {
  const estateId = ownEstateId(ctx);
  const rows = await ctx.db
    .select()
    .from(supportTeamMembers)
    .where(eq(supportTeamMembers.estateId, estateId))
    .orderBy(asc(supportTeamMembers.role), asc(supportTeamMembers.createdAt));
  return { members: rows.map(toSupportMember) };
}
