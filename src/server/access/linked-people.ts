import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { SUPPORT_TEAM_ROLE_LABELS } from '../../core/constants.ts';
import type { Db } from '../db/client.ts';
import { beneficiaries, supportTeamMembers } from '../db/schema/estates.ts';
import { users } from '../db/schema/users.ts';

export interface LinkedPerson {
  userId: string;
  name: string;
  linkedAs: string;
}

/**
 * The people linked to an estate with an account (an invitation not yet accepted has no one to ask):
 * its beneficiaries and its support-team members (only those in `memberRoles`, when given). One row
 * per person, beneficiary link first, sorted by name. Whom an owner may name as a trustee (all of
 * them) or executor (beneficiaries and estate administrators).
 */
export async function linkedPeopleOf(db: Db, estateId: string, memberRoles?: string[]): Promise<LinkedPerson[]> {
  // One after another: set-trustees.ts passes its transaction (one connection).
  const asBeneficiary = await db
    .select({ userId: users.id, name: users.name, linkedAs: beneficiaries.relationship })
    .from(beneficiaries)
    .innerJoin(users, eq(users.id, beneficiaries.userId))
    .where(and(eq(beneficiaries.estateId, estateId), isNotNull(beneficiaries.userId)));
  const asMember = await db
    .select({ userId: users.id, name: users.name, role: supportTeamMembers.role })
    .from(supportTeamMembers)
    .innerJoin(users, eq(users.id, supportTeamMembers.userId))
    .where(and(eq(supportTeamMembers.estateId, estateId), isNotNull(supportTeamMembers.userId), memberRoles ? inArray(supportTeamMembers.role, memberRoles) : undefined));
  const byUser = new Map<string, LinkedPerson>();
  for (const row of asBeneficiary) if (!byUser.has(row.userId)) byUser.set(row.userId, row);
  for (const row of asMember) {
    if (byUser.has(row.userId)) continue;
    const linkedAs = SUPPORT_TEAM_ROLE_LABELS[row.role as keyof typeof SUPPORT_TEAM_ROLE_LABELS] ?? row.role;
    byUser.set(row.userId, { userId: row.userId, name: row.name, linkedAs });
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name));
}
