import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { userRoles, users } from '../db/schema/users.ts';

const activeAdmins = (db: Db) =>
  db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin')))
    .where(eq(users.status, 'active'));

/** The user ids of the active platform admins. */
export async function activeAdminIds(db: Db): Promise<string[]> {
  return (await activeAdmins(db)).map((r) => r.id);
}

/**
 * The active admins, locked (FOR UPDATE, in id order) until the transaction ends. Every change that
 * could take an admin away takes this lock first, so two of them cannot both see "another admin is
 * left": the second waits, then re-reads the rows the first changed (ADR 0026).
 */
export async function lockActiveAdmins(db: Db): Promise<string[]> {
  return (await activeAdmins(db).orderBy(users.id).for('update')).map((r) => r.id);
}
