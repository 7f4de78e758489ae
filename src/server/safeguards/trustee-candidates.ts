import { and, eq, isNotNull } from 'drizzle-orm';
import { SUPPORT_TEAM_ROLE_LABELS } from '../../core/constants.ts';
import type { Db } from '../db/client.ts';
import { beneficiaries, supportTeamMembers } from '../db/schema/estates.ts';
import { users } from '../db/schema/users.ts';

export interface TrusteeCandidate {
  userId: string;
  name: string;
  linkedAs: string;
}

/**
 * Who an owner may name as a trustee: their beneficiaries and support-team members who have an
 * account (an invitation not yet accepted has no one to ask). One row per person, beneficiary link
 * first, sorted by name.
 */
export async function trusteeCandidatesOf(db: Db, estateId: string): Promise<TrusteeCandidate[]> {
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
    .where(and(eq(supportTeamMembers.estateId, estateId), isNotNull(supportTeamMembers.userId)));
  const byUser = new Map<string, TrusteeCandidate>();
  for (const row of asBeneficiary) if (!byUser.has(row.userId)) byUser.set(row.userId, row);
  for (const row of asMember) {
    if (byUser.has(row.userId)) continue;
    const linkedAs = SUPPORT_TEAM_ROLE_LABELS[row.role as keyof typeof SUPPORT_TEAM_ROLE_LABELS] ?? row.role;
    byUser.set(row.userId, { userId: row.userId, name: row.name, linkedAs });
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name));
}
