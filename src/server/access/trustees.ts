/**
 * Who an estate's trustees are (issue 13): the linked accounts the owner named, in the order they are
 * asked. Trustee-only screens and actions (confirming a report, answering "is this person all
 * right?", ending incapacity mode) ask only these functions.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { estateTrustees } from '../db/schema/safeguards.ts';
import { users } from '../db/schema/users.ts';

export interface Trustee {
  userId: string;
  name: string;
  email: string;
  position: number;
  namedAt: Date;
}

/** An estate's trustees, first in line first. */
export async function trusteesOf(db: Db, estateId: string): Promise<Trustee[]> {
  return db
    .select({ userId: estateTrustees.userId, name: users.name, email: users.email, position: estateTrustees.position, namedAt: estateTrustees.namedAt })
    .from(estateTrustees)
    .innerJoin(users, eq(users.id, estateTrustees.userId))
    .where(eq(estateTrustees.estateId, estateId))
    .orderBy(asc(estateTrustees.position), asc(estateTrustees.namedAt));
}

export async function isTrustee(db: Db, userId: string, estateId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: estateTrustees.id })
    .from(estateTrustees)
    .where(and(eq(estateTrustees.estateId, estateId), eq(estateTrustees.userId, userId)))
    .limit(1);
  return Boolean(row);
}
