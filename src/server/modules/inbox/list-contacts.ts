import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { SUPPORT_TEAM_ROLE_LABELS } from '../../../core/constants.ts';
import type { TContact } from '../../../core/inbox.schemas.ts';
import type { Ctx } from '../../context.ts';
import { beneficiaries, estates, supportTeamMembers } from '../../db/schema/estates.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { clientEstateSql } from '../../access/planner-clients.ts';

export const SUPPORT_CONTACT_NAME = 'Heirloom Support';

/**
 * Heirloom Support: the platform's longest-standing active admin account receives what planners
 * write to support (its replies come from that account).
 */
async function supportContact(ctx: Ctx): Promise<TContact | null> {
  const [admin] = await ctx.db
    .select({ id: users.id })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, 'admin'), eq(users.status, 'active'), ne(users.id, ctx.actor.userId)))
    .orderBy(asc(userRoles.createdAt), asc(users.id))
    .limit(1);
  return admin ? { userId: admin.id, estateId: null, name: SUPPORT_CONTACT_NAME, roleLabel: 'Support', ownerName: '' } : null;
}

/** A legacy planner writes to their clients (owners of estates not yet active) and to Heirloom Support. */
async function plannerContacts(ctx: Ctx): Promise<TContact[]> {
  const clients = await ctx.db
    .select({ estateId: estates.id, ownerId: estates.ownerId, ownerName: users.name })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(and(clientEstateSql(ctx.db, ctx.actor.userId, estates.id), ne(estates.status, 'active')))
    .orderBy(asc(users.name));
  const support = await supportContact(ctx);
  return [
    ...clients.map((c) => ({ userId: c.ownerId, estateId: c.estateId, name: c.ownerName, roleLabel: 'Estate Owner', ownerName: c.ownerName })),
    ...(support ? [support] : []),
  ];
}

/**
 * An estate owner writes to their own support team and to their beneficiaries who have an account
 * and whose messages access is on (ADR 0043).
 */
async function ownerContacts(ctx: Ctx): Promise<TContact[]> {
  const estateId = ctx.actor.estateId;
  if (!estateId) return [];
  const [team, family] = await Promise.all([
    ctx.db
      .select({ userId: supportTeamMembers.userId, role: supportTeamMembers.role, name: users.name })
      .from(supportTeamMembers)
      .innerJoin(users, eq(users.id, supportTeamMembers.userId))
      .where(eq(supportTeamMembers.estateId, estateId))
      .orderBy(asc(supportTeamMembers.createdAt)),
    ctx.db
      .select({ userId: beneficiaries.userId, name: users.name })
      .from(beneficiaries)
      .innerJoin(users, eq(users.id, beneficiaries.userId))
      .where(and(eq(beneficiaries.estateId, estateId), eq(beneficiaries.accessMessages, true)))
      .orderBy(asc(beneficiaries.firstName), asc(beneficiaries.lastName)),
  ]);
  const ownerName = ctx.actor.name;
  return [
    ...team.map((t) => ({
      userId: t.userId!,
      estateId,
      name: t.name,
      roleLabel: SUPPORT_TEAM_ROLE_LABELS[t.role as keyof typeof SUPPORT_TEAM_ROLE_LABELS] ?? t.role,
      ownerName,
    })),
    ...family.map((b) => ({ userId: b.userId!, estateId, name: b.name, roleLabel: 'Beneficiary', ownerName })),
  ];
}

/**
 * Who the viewer may write to: for every estate they are a beneficiary of, the owner (only while
 * the estate is not active — the owner is alive) and each support-team member who has an account;
 * for a legacy planner, also their clients and Heirloom Support; for an estate owner, their own
 * support team and beneficiaries. Each (estate, person) once.
 */
export async function listContacts(ctx: Ctx): Promise<TContact[]> {
  const groups = await Promise.all([
    ctx.actor.roles.includes('estate-owner') ? ownerContacts(ctx) : [],
    ctx.actor.roles.includes('legacy-planner') ? plannerContacts(ctx) : [],
    beneficiaryContacts(ctx),
  ]);
  const seen = new Set<string>();
  return groups.flat().filter((c) => {
    const key = `${c.estateId}:${c.userId}`;
    if (seen.has(key) || c.userId === ctx.actor.userId) return false;
    seen.add(key);
    return true;
  });
}

async function beneficiaryContacts(ctx: Ctx): Promise<TContact[]> {
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
