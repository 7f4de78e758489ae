import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { TPlatformEstate } from '../../../core/admin-estates.schemas.ts';
import type { UserStatus } from '../../../core/admin-users.schemas.ts';
import { isEstateStatus } from '../../../core/lifecycle.ts';
import { ESTATE_ADMINISTRATOR_ROLE } from '../../access/estate-roles.ts';
import type { Db } from '../../db/client.ts';
import { beneficiaries, estates, supportTeamMembers } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/app-error.ts';

/**
 * What the admin sees of an estate: its owner's name, email and account status, its lifecycle
 * status, when it was created, how many beneficiaries it has and who administers it — never its
 * vault (memories, documents, secrets, messages; PRODUCT.md §4 and §6).
 */
export const estateColumns = {
  id: estates.id,
  status: estates.status,
  createdAt: estates.createdAt,
  ownerId: users.id,
  ownerName: users.name,
  ownerEmail: users.email,
  ownerStatus: users.status,
  ownerIsDemo: users.isDemo,
};
type EstateRow = {
  id: string;
  status: string;
  createdAt: Date;
  ownerId: string;
  ownerName: string;
  ownerEmail: string;
  ownerStatus: string;
  ownerIsDemo: boolean;
};

export async function toPlatformEstates(db: Db, rows: EstateRow[]): Promise<TPlatformEstate[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [bens, admins] = await Promise.all([
    db.select({ id: beneficiaries.estateId, n: count() }).from(beneficiaries).where(inArray(beneficiaries.estateId, ids)).groupBy(beneficiaries.estateId),
    db
      .selectDistinctOn([supportTeamMembers.estateId], {
        estateId: supportTeamMembers.estateId,
        id: users.id,
        name: users.name,
        email: users.email,
      })
      .from(supportTeamMembers)
      .innerJoin(users, eq(users.id, supportTeamMembers.userId))
      .where(and(inArray(supportTeamMembers.estateId, ids), eq(supportTeamMembers.role, ESTATE_ADMINISTRATOR_ROLE), isNotNull(supportTeamMembers.userId)))
      .orderBy(supportTeamMembers.estateId, desc(supportTeamMembers.createdAt)),
  ]);
  return rows.map((r) => {
    const admin = admins.find((a) => a.estateId === r.id);
    return {
      id: r.id,
      owner: {
        id: r.ownerId,
        name: r.ownerName,
        email: r.ownerEmail,
        status: r.ownerStatus as UserStatus,
        isDemo: r.ownerIsDemo,
      },
      status: isEstateStatus(r.status) ? r.status : 'planning',
      createdAt: r.createdAt.toISOString(),
      beneficiaries: bens.find((b) => b.id === r.id)?.n ?? 0,
      administrator: admin ? { id: admin.id, name: admin.name, email: admin.email } : null,
    };
  });
}

export async function getPlatformEstate(db: Db, id: string): Promise<TPlatformEstate> {
  const [row] = await db.select(estateColumns).from(estates).innerJoin(users, eq(users.id, estates.ownerId)).where(eq(estates.id, id));
  if (!row) throw notFound('That estate');
  const [estate] = await toPlatformEstates(db, [row]);
  return estate!;
}
