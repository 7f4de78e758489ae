import { and, asc, eq, ilike, isNotNull, ne, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { SUPPORT_TEAM_ROLE_LABELS } from '../../../core/constants.ts';
import type { TContact, TContactList } from '../../../core/inbox.schemas.ts';
import type { Ctx } from '../../context.ts';
import { beneficiaries, estates, supportTeamMembers } from '../../db/schema/estates.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { clientEstateSql } from '../../access/planner-clients.ts';
import { containsPattern } from '../../lib/like.ts';

export const SUPPORT_CONTACT_NAME = 'Heirloom Support';

/**
 * Which contacts to read: names containing `q`; only those about `estateId` (null: outside any
 * estate, i.e. Heirloom Support) and only `userId` when given (Compose checks one recipient so).
 */
export interface ContactFilter {
  q?: string;
  estateId?: string | null;
  userId?: string;
  limit: number;
}

const ownerUser = alias(users, 'contact_owner');
const roleLabelOf = (role: string) => SUPPORT_TEAM_ROLE_LABELS[role as keyof typeof SUPPORT_TEAM_ROLE_LABELS] ?? role;

/** The conditions every group shares, over the group's person (`userId`, `name`) and estate columns. */
function narrow(ctx: Ctx, f: ContactFilter, person: { id: PgColumn; name: PgColumn }, estateId: PgColumn): SQL | undefined {
  return and(
    ne(person.id, ctx.actor.userId),
    f.q ? ilike(person.name, containsPattern(f.q)) : undefined,
    f.userId ? eq(person.id, f.userId) : undefined,
    f.estateId ? eq(estateId, f.estateId) : undefined,
  );
}
/** A group about estates is read unless the filter asks for Heirloom Support only (estateId null). */
const aboutEstates = (f: ContactFilter) => f.estateId !== null;

/**
 * Heirloom Support: the platform's longest-standing active admin account receives what planners
 * write to support (its replies come from that account). One fixed entry, listed first.
 */
async function supportContact(ctx: Ctx, f: ContactFilter): Promise<TContact[]> {
  if (f.estateId || (f.q && !SUPPORT_CONTACT_NAME.toLowerCase().includes(f.q.toLowerCase()))) return [];
  const [admin] = await ctx.db
    .select({ id: users.id })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, 'admin'), eq(users.status, 'active'), ne(users.id, ctx.actor.userId), f.userId ? eq(users.id, f.userId) : undefined))
    .orderBy(asc(userRoles.createdAt), asc(users.id))
    .limit(1);
  return admin ? [{ userId: admin.id, estateId: null, name: SUPPORT_CONTACT_NAME, roleLabel: 'Support', ownerName: '' }] : [];
}

/** A legacy planner writes to their clients (owners of estates not yet active). */
async function plannerClients(ctx: Ctx, f: ContactFilter): Promise<TContact[]> {
  if (!aboutEstates(f)) return [];
  const clients = await ctx.db
    .select({ estateId: estates.id, ownerId: estates.ownerId, ownerName: users.name })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(and(clientEstateSql(ctx.db, ctx.actor.userId, estates.id), ne(estates.status, 'active'), narrow(ctx, f, users, estates.id)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(f.limit + 1);
  return clients.map((c) => ({ userId: c.ownerId, estateId: c.estateId, name: c.ownerName, roleLabel: 'Estate Owner', ownerName: c.ownerName }));
}

/**
 * An estate owner writes to their own support team and to their beneficiaries who have an account
 * and whose messages access is on (ADR 0043).
 */
async function ownerContacts(ctx: Ctx, f: ContactFilter): Promise<TContact[]> {
  const estateId = ctx.actor.estateId;
  if (!estateId || !aboutEstates(f)) return [];
  const [team, family] = await Promise.all([
    ctx.db
      .select({ userId: users.id, role: supportTeamMembers.role, name: users.name })
      .from(supportTeamMembers)
      .innerJoin(users, eq(users.id, supportTeamMembers.userId))
      .where(and(eq(supportTeamMembers.estateId, estateId), narrow(ctx, f, users, supportTeamMembers.estateId)))
      .orderBy(asc(users.name), asc(users.id))
      .limit(f.limit + 1),
    ctx.db
      .select({ userId: users.id, name: users.name })
      .from(beneficiaries)
      .innerJoin(users, eq(users.id, beneficiaries.userId))
      .where(and(eq(beneficiaries.estateId, estateId), eq(beneficiaries.accessMessages, true), narrow(ctx, f, users, beneficiaries.estateId)))
      .orderBy(asc(users.name), asc(users.id))
      .limit(f.limit + 1),
  ]);
  const ownerName = ctx.actor.name;
  return [
    ...team.map((t) => ({ userId: t.userId, estateId, name: t.name, roleLabel: roleLabelOf(t.role), ownerName })),
    ...family.map((b) => ({ userId: b.userId, estateId, name: b.name, roleLabel: 'Beneficiary', ownerName })),
  ];
}

/**
 * A beneficiary writes, for every estate they are linked to, to its owner (only while the estate is
 * not active — the owner is alive) and to each support-team member who has an account.
 */
async function beneficiaryContacts(ctx: Ctx, f: ContactFilter): Promise<TContact[]> {
  if (!aboutEstates(f)) return [];
  const mine = eq(beneficiaries.userId, ctx.actor.userId);
  const [owners, team] = await Promise.all([
    ctx.db
      .select({ estateId: estates.id, ownerId: ownerUser.id, ownerName: ownerUser.name })
      .from(beneficiaries)
      .innerJoin(estates, eq(estates.id, beneficiaries.estateId))
      .innerJoin(ownerUser, eq(ownerUser.id, estates.ownerId))
      .where(and(mine, ne(estates.status, 'active'), narrow(ctx, f, ownerUser, estates.id)))
      .orderBy(asc(ownerUser.name), asc(estates.id))
      .limit(f.limit + 1),
    ctx.db
      .select({ estateId: estates.id, userId: users.id, name: users.name, role: supportTeamMembers.role, ownerName: ownerUser.name })
      .from(beneficiaries)
      .innerJoin(estates, eq(estates.id, beneficiaries.estateId))
      .innerJoin(ownerUser, eq(ownerUser.id, estates.ownerId))
      .innerJoin(supportTeamMembers, eq(supportTeamMembers.estateId, estates.id))
      .innerJoin(users, eq(users.id, supportTeamMembers.userId))
      .where(and(mine, isNotNull(supportTeamMembers.userId), narrow(ctx, f, users, estates.id)))
      .orderBy(asc(users.name), asc(users.id), asc(estates.id))
      .limit(f.limit + 1),
  ]);
  return [
    ...owners.map((o) => ({ userId: o.ownerId, estateId: o.estateId, name: o.ownerName, roleLabel: 'Estate Owner', ownerName: o.ownerName })),
    ...team.map((t) => ({ userId: t.userId, estateId: t.estateId, name: t.name, roleLabel: roleLabelOf(t.role), ownerName: t.ownerName })),
  ];
}

/**
 * Who the viewer may write to, in name order, at most `limit` (Heirloom Support, for a legacy
 * planner, comes first and is not counted): as a beneficiary, the owners and support teams of their
 * estates; as a legacy planner, their clients; as an estate owner, their own support team and
 * beneficiaries. Each (estate, person) once. Every group is read in name order and stops at
 * `limit + 1`, so `more` is true when some contact was left out — the screen then asks for a name.
 */
export async function listContacts(ctx: Ctx, f: ContactFilter): Promise<TContactList> {
  const planner = ctx.actor.roles.includes('legacy-planner');
  const [support, ...groups] = await Promise.all([
    planner ? supportContact(ctx, f) : [],
    ctx.actor.roles.includes('estate-owner') ? ownerContacts(ctx, f) : [],
    planner ? plannerClients(ctx, f) : [],
    beneficiaryContacts(ctx, f),
  ]);
  const seen = new Set<string>();
  const people = groups
    .flat()
    .filter((c) => {
      const key = `${c.estateId}:${c.userId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  const more = people.length > f.limit || groups.some((g) => g.length > f.limit);
  return { items: [...support, ...people.slice(0, f.limit)], more };
}

/** The contact Compose writes to, or null when `userId` is not one of the viewer's contacts about `estateId`. */
export async function findContact(ctx: Ctx, estateId: string | null, userId: string): Promise<TContact | null> {
  const { items } = await listContacts(ctx, { estateId, userId, limit: 1 });
  return items[0] ?? null;
}

/** Is the viewer linked to `estateId` as a writer — has at least one contact about it (null: Heirloom Support)? */
export async function hasContactsAbout(ctx: Ctx, estateId: string | null): Promise<boolean> {
  return (await listContacts(ctx, { estateId, limit: 1 })).items.length > 0;
}
