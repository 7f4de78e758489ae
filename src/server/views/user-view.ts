import { and, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { TPlatformUser, UserStatus } from '../../core/admin-users.schemas.ts';
import type { Role } from '../../core/roles.ts';
import type { Db } from '../db/client.ts';
import { invitations } from '../db/schema/estates.ts';
import { userRoles, users } from '../db/schema/users.ts';
import { notFound } from '../lib/app-error.ts';
import { containsPattern } from '../lib/like.ts';
import { STAFF_KIND } from '../invitations/find-invitation.ts';

/** Search: the account's name or email contains the text (LIKE-escaped); none when there is no text. */
export function nameOrEmailMatches(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  return text ? or(ilike(users.name, containsPattern(text)), ilike(users.email, containsPattern(text))) : undefined;
}

/** The columns a platform user row is shown from (never a hash or a secret). */
export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  status: users.status,
  isDemo: users.isDemo,
  totpEnabledAt: users.totpEnabledAt,
  lastActiveAt: users.lastActiveAt,
  createdAt: users.createdAt,
};
type UserRow = {
  [K in keyof typeof userColumns]: (typeof users.$inferSelect)[K];
};

const ROLE_ORDER: Role[] = ['admin', 'estate-administrator', 'legacy-planner', 'estate-owner', 'beneficiary'];

/** The rows as the Users table shows them: roles, and for the invited when their link stops working. */
export async function toPlatformUsers(db: Db, rows: UserRow[]): Promise<TPlatformUser[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const invitedIds = rows.filter((r) => r.status === 'invited').map((r) => r.id);
  const [roles, open] = await Promise.all([
    db.select().from(userRoles).where(inArray(userRoles.userId, ids)),
    invitedIds.length
      ? db
          .selectDistinctOn([invitations.targetId], {
            targetId: invitations.targetId,
            expiresAt: invitations.expiresAt,
          })
          .from(invitations)
          .where(
            and(eq(invitations.kind, STAFF_KIND), inArray(invitations.targetId, invitedIds), isNull(invitations.acceptedAt), isNull(invitations.cancelledAt)),
          )
          .orderBy(invitations.targetId, desc(invitations.createdAt))
      : Promise.resolve([]),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    roles: roles
      .filter((x) => x.userId === r.id)
      .map((x) => x.role)
      .sort((a, b) => ROLE_ORDER.indexOf(a) - ROLE_ORDER.indexOf(b)),
    status: r.status as UserStatus,
    isDemo: r.isDemo,
    twoFactorEnabled: Boolean(r.totpEnabledAt),
    lastActiveAt: r.lastActiveAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    invitationExpiresAt: open.find((o) => o.targetId === r.id)?.expiresAt.toISOString() ?? null,
  }));
}

export async function getPlatformUser(db: Db, id: string): Promise<TPlatformUser> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  if (!row) throw notFound('That user');
  const [user] = await toPlatformUsers(db, [row]);
  return user!;
}
