import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedQuery } from '../db/prepared-query.ts';
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

/**
 * The first statement of an estate owner's write (ADR 0109): locks the estate row against activation
 * (which takes FOR UPDATE) until the write commits, and answers the status as it is under the lock.
 * FOR NO KEY UPDATE, not FOR SHARE: many owner writes go on to lock the estate (lockEstate) or update
 * its row, and two writes that each held a shared lock would deadlock upgrading it; this one makes an
 * owner's writes to one estate wait for each other, and still lets rows that refer to the estate be
 * written beside them.
 */
export async function lockEstateForOwnerWrite(db: Db, estateId: string): Promise<({ status: string } & ActivationFacts) | undefined> {
  const [row] = await db
    .select({ status: estates.status, activatedAt: estates.activatedAt, updatedAt: estates.updatedAt, deceasedName: estates.deceasedName })
    .from(estates)
    .where(eq(estates.id, estateId))
    .for('no key update');
  return row;
}

/** The estate's lifecycle status, unlocked (undefined: no such estate). */
export async function estateStatusOf(db: Db, estateId: string): Promise<string | undefined> {
  const [row] = await db.select({ status: estates.status }).from(estates).where(eq(estates.id, estateId));
  return row?.status;
}

/** What an activated estate's refusals name: the deceased's name fixed at activation (ADR 0110), and when it was activated. */
export interface ActivationFacts {
  deceasedName: string | null;
  activatedAt: Date | null;
  updatedAt: Date;
}

const activeEstate = preparedQuery((db) =>
  db
    .select({ activatedAt: estates.activatedAt, updatedAt: estates.updatedAt, deceasedName: estates.deceasedName })
    .from(estates)
    .where(and(eq(estates.id, sql.placeholder('id')), eq(estates.status, 'active')))
    .prepare('heirloom_active_estate'),
);

/** The estate's activation facts when it is active, unlocked (undefined: not active, or no such estate). */
export async function activeEstateFacts(db: Db, estateId: string): Promise<ActivationFacts | undefined> {
  const [row] = await activeEstate(db).execute({ id: estateId });
  return row;
}

/** The name and the day a refusal gives for an activated estate (frozenEstateMessage, fixedNameMessage): the fixed name, else the account's. */
export const frozenNameAndDay = (estate: ActivationFacts, accountName: string) => [estate.deceasedName ?? accountName, estate.activatedAt ?? estate.updatedAt] as const;
