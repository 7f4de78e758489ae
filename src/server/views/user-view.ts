import { eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TPlatformUser, UserStatus } from '../../core/admin-users.schemas.ts';
import type { Role } from '../../core/roles.ts';
import type { Db } from '../db/client.ts';
import { invitations } from '../db/schema/estates.ts';
import { userRoles, users } from '../db/schema/users.ts';
import { notFound } from '../lib/app-error.ts';
import { containsPattern } from '../lib/like.ts';
import { isoTime, subselect } from '../lib/child-rows.ts';
import { STAFF_KIND } from '../invitations/find-invitation.ts';

/** Search: the account's name or email contains the text (LIKE-escaped); none when there is no text. */
export function nameOrEmailMatches(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  return text ? or(ilike(users.name, containsPattern(text)), ilike(users.email, containsPattern(text))) : undefined;
}

/**
 * The columns a platform user row is shown from (never a hash or a secret), its roles and, for the
 * invited, when their open invitation's link stops working: one statement for a page.
 */
export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  status: users.status,
  isDemo: users.isDemo,
  totpEnabledAt: users.totpEnabledAt,
  lastActiveAt: users.lastActiveAt,
  createdAt: users.createdAt,
  roles: subselect(sql<Role[]>`array(select ${userRoles.role}::text from ${userRoles} where ${userRoles.userId} = ${users.id})`),
  invitationExpiresAt: subselect(sql<string | null>`case when ${users.status} = 'invited' then (select ${isoTime(invitations.expiresAt)} from ${invitations}
    where ${invitations.kind} = ${STAFF_KIND} and ${invitations.targetId} = ${users.id} and ${invitations.acceptedAt} is null and ${invitations.cancelledAt} is null
    order by ${invitations.createdAt} desc limit 1) end`),
};
type UserRow = {
  [K in Exclude<keyof typeof userColumns, 'roles' | 'invitationExpiresAt'>]: (typeof users.$inferSelect)[K];
} & { roles: Role[]; invitationExpiresAt: string | null };

const ROLE_ORDER: Role[] = ['admin', 'estate-administrator', 'legacy-planner', 'estate-owner', 'beneficiary'];

/** The rows as the Users table shows them: roles in a fixed order, and for the invited when their link stops working. */
export function toPlatformUsers(rows: UserRow[]): TPlatformUser[] {
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    roles: [...r.roles].sort((a, b) => ROLE_ORDER.indexOf(a) - ROLE_ORDER.indexOf(b)),
    status: r.status as UserStatus,
    isDemo: r.isDemo,
    twoFactorEnabled: Boolean(r.totpEnabledAt),
    lastActiveAt: r.lastActiveAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    invitationExpiresAt: r.invitationExpiresAt,
  }));
}

export async function getPlatformUser(db: Db, id: string): Promise<TPlatformUser> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  if (!row) throw notFound('That user');
  return toPlatformUsers([row])[0]!;
}
