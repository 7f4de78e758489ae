import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { SUPPORT_TEAM_ROLE_LABELS } from '../../../core/constants.ts';
import type { TContact } from '../../../core/inbox.schemas.ts';
import type { Ctx } from '../../context.ts';
import { beneficiaries, estates, supportTeamMembers } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';

/**
 * Who the viewer may write to: for every estate they are a beneficiary of, the owner (only while
 * the estate is not active — the owner is alive) and each support-team member who has an account.
 */
export async function listContacts(ctx: Ctx): Promise<TContact[]> {
  const linked = await ctx.db
    .select({ estateId: estates.id, ownerId: estates.ownerId, status: estates.status, ownerName: users.name })
    .from(beneficiaries)
    .innerJoin(estates, eq(estates.id, beneficiaries.estateId))
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(eq(beneficiaries.userId, ctx.actor.userId))
    .orderBy(asc(beneficiaries.createdAt));
  if (!linked.length) return [];
  const team = await ctx.db
    .select({ member: supportTeamMembers, name: users.name })
    .from(supportTeamMembers)
    .innerJoin(users, eq(users.id, supportTeamMembers.userId))
    .where(and(inArray(supportTeamMembers.estateId, linked.map((e) => e.estateId)), isNotNull(supportTeamMembers.userId)))
    .orderBy(asc(supportTeamMembers.createdAt));
  const out: TContact[] = [];
  const seen = new Set<string>();
  const add = (c: TContact) => {
    const key = `${c.estateId}:${c.userId}`;
    if (seen.has(key) || c.userId === ctx.actor.userId) return;
    seen.add(key);
    out.push(c);
  };
  for (const estate of linked) {
    if (estate.status !== 'active') {
      add({ userId: estate.ownerId, estateId: estate.estateId, name: estate.ownerName, roleLabel: 'Estate Owner', ownerName: estate.ownerName });
    }
    for (const t of team.filter((x) => x.member.estateId === estate.estateId)) {
      add({
        userId: t.member.userId!,
        estateId: estate.estateId,
        name: t.name,
        roleLabel: SUPPORT_TEAM_ROLE_LABELS[t.member.role as keyof typeof SUPPORT_TEAM_ROLE_LABELS] ?? t.member.role,
        ownerName: estate.ownerName,
      });
    }
  }
  return out;
}
