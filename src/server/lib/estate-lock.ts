import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { estates } from '../db/schema/estates.ts';

/**
 * Locks the estate row for the rest of the caller's transaction, so decisions about one estate (its
 * trustees, its seal, its duties, a bounded set) are taken one after another; returns what the
 * decision usually needs (undefined: no such estate).
 */
export async function lockEstate(db: Db, estateId: string): Promise<{ id: string; status: string; ownerId: string } | undefined> {
  const [row] = await db.select({ id: estates.id, status: estates.status, ownerId: estates.ownerId }).from(estates).where(eq(estates.id, estateId)).for('update');
  return row;
}

/** The estate's lifecycle status, unlocked (undefined: no such estate). */
export async function estateStatusOf(db: Db, estateId: string): Promise<string | undefined> {
  const [row] = await db.select({ status: estates.status }).from(estates).where(eq(estates.id, estateId));
  return row?.status;
}
