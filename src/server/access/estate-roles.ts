/**
 * Who stands in which role towards an estate, beyond its beneficiaries' content access (policy.ts):
 * its estate administrators (the support-team members with that role and an account), and who may
 * report the owner's death or incapacity (a linked beneficiary or support-team member). The estate
 * administrator's area and the report route ask only these functions.
 */
import { and, eq, exists, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { SUPPORT_TEAM_ROLE_LABELS } from '../../core/constants.ts';
import type { Db } from '../db/client.ts';
import { beneficiaries, supportTeamMembers } from '../db/schema/estates.ts';
import { users } from '../db/schema/users.ts';

export const ESTATE_ADMINISTRATOR_ROLE = 'estate-administrator';

/** Condition: the estate in `estateId` (a column of the outer query) is administered by `userId` (a value, or a column too). */
export function administersSql(db: Db, userId: string | PgColumn, estateId: PgColumn): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(supportTeamMembers)
      .where(and(eq(supportTeamMembers.estateId, estateId), eq(supportTeamMembers.userId, userId), eq(supportTeamMembers.role, ESTATE_ADMINISTRATOR_ROLE))),
  );
}

export async function administers(db: Db, userId: string, estateId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: supportTeamMembers.id })
    .from(supportTeamMembers)
    .where(and(eq(supportTeamMembers.estateId, estateId), eq(supportTeamMembers.userId, userId), eq(supportTeamMembers.role, ESTATE_ADMINISTRATOR_ROLE)))
    .limit(1);
  return Boolean(row);
}

/** The estate's administrators (linked accounts), with their account's name and whether it is active. */
export async function administratorAccounts(db: Db, estateId: string): Promise<{ userId: string; name: string; active: boolean }[]> {
  const rows = await db
    .select({ userId: users.id, name: users.name, status: users.status })
    .from(supportTeamMembers)
    .innerJoin(users, eq(users.id, supportTeamMembers.userId))
    .where(and(eq(supportTeamMembers.estateId, estateId), eq(supportTeamMembers.role, ESTATE_ADMINISTRATOR_ROLE)));
  return [...new Map(rows.map((r) => [r.userId, { userId: r.userId, name: r.name, active: r.status === 'active' }])).values()];
}

/** The user ids of an estate's administrators (for alerts and notices). */
export async function administratorsOf(db: Db, estateId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: supportTeamMembers.userId })
    .from(supportTeamMembers)
    .where(and(eq(supportTeamMembers.estateId, estateId), eq(supportTeamMembers.role, ESTATE_ADMINISTRATOR_ROLE), isNotNull(supportTeamMembers.userId)));
  return [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))];
}

/** How a user is linked to an estate, if at all: as a beneficiary (their relationship) or on its support team. */
export async function reporterLinkOf(db: Db, userId: string, estateId: string): Promise<{ linkedAs: string } | null> {
  const [asBeneficiary] = await db
    .select({ relationship: beneficiaries.relationship })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.userId, userId), eq(beneficiaries.estateId, estateId)))
    .limit(1);
  if (asBeneficiary) return { linkedAs: asBeneficiary.relationship };
  const [asMember] = await db
    .select({ role: supportTeamMembers.role })
    .from(supportTeamMembers)
    .where(and(eq(supportTeamMembers.userId, userId), eq(supportTeamMembers.estateId, estateId)))
    .limit(1);
  if (asMember) return { linkedAs: SUPPORT_TEAM_ROLE_LABELS[asMember.role as keyof typeof SUPPORT_TEAM_ROLE_LABELS] ?? asMember.role };
  return null;
}

/**
 * Condition: the estate in `estateId` (a column of the outer query) is one `userId` may report about,
 * as a beneficiary or a support-team member — an IN over their links (beneficiaries_user_idx,
 * support_team_user_idx), so only their own links are read.
 */
export function mayReportSql(userId: string, estateId: PgColumn): SQL {
  return sql`${estateId} in (select ${beneficiaries.estateId} from ${beneficiaries} where ${beneficiaries.userId} = ${userId}
    union select ${supportTeamMembers.estateId} from ${supportTeamMembers} where ${supportTeamMembers.userId} = ${userId})`;
}

/** How a user is linked to each of `estateIds` they may report about: as a beneficiary (their relationship), else their support-team role. */
export async function reportableEstatesOf(db: Db, userId: string, estateIds: string[]): Promise<Map<string, string>> {
  const byEstate = new Map<string, string>();
  if (!estateIds.length) return byEstate;
  const [asBeneficiary, asMember] = await Promise.all([
    db
      .select({ estateId: beneficiaries.estateId, linkedAs: beneficiaries.relationship })
      .from(beneficiaries)
      .where(and(eq(beneficiaries.userId, userId), inArray(beneficiaries.estateId, estateIds))),
    db
      .select({ estateId: supportTeamMembers.estateId, role: supportTeamMembers.role })
      .from(supportTeamMembers)
      .where(and(eq(supportTeamMembers.userId, userId), inArray(supportTeamMembers.estateId, estateIds))),
  ]);
  for (const row of asBeneficiary) byEstate.set(row.estateId, row.linkedAs);
  for (const row of asMember) {
    if (!byEstate.has(row.estateId)) byEstate.set(row.estateId, SUPPORT_TEAM_ROLE_LABELS[row.role as keyof typeof SUPPORT_TEAM_ROLE_LABELS] ?? row.role);
  }
  return byEstate;
}

/**
 * Everyone who may report about an estate (a linked beneficiary or support-team member with an
 * account), at most `limit` of them named, and how many there are — the owner's Release plan.
 */
export async function reportersOf(db: Db, estateId: string, limit: number): Promise<{ total: number; people: { name: string; linkedAs: string }[] }> {
  const [asBeneficiary, asMember] = await Promise.all([
    db
      .select({ userId: beneficiaries.userId, name: sql<string>`${beneficiaries.firstName} || ' ' || ${beneficiaries.lastName}`, linkedAs: beneficiaries.relationship })
      .from(beneficiaries)
      .where(and(eq(beneficiaries.estateId, estateId), isNotNull(beneficiaries.userId))),
    db
      .select({ userId: supportTeamMembers.userId, name: supportTeamMembers.name, role: supportTeamMembers.role })
      .from(supportTeamMembers)
      .where(and(eq(supportTeamMembers.estateId, estateId), isNotNull(supportTeamMembers.userId))),
  ]);
  const byUser = new Map<string, { name: string; linkedAs: string }>();
  for (const r of asBeneficiary) byUser.set(r.userId!, { name: r.name, linkedAs: r.linkedAs });
  for (const r of asMember) {
    if (!byUser.has(r.userId!)) byUser.set(r.userId!, { name: r.name, linkedAs: SUPPORT_TEAM_ROLE_LABELS[r.role as keyof typeof SUPPORT_TEAM_ROLE_LABELS] ?? r.role });
  }
  const people = [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name));
  return { total: people.length, people: people.slice(0, limit) };
}
