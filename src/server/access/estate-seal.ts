/**
 * Who holds which kit of an estate's seal (issue 27, ADR 0098). The seal's screens and the trustee
 * page ask only these functions; no function here ever sees a kit's words.
 */
import { and, asc, countDistinct, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { conflict } from '../lib/app-error.ts';
import { estateSeals, sealedContents, sealKits } from '../db/schema/estate-seal.ts';
import { beneficiaries, estates, ownerNameSql } from '../db/schema/estates.ts';
import { users } from '../db/schema/users.ts';

export type EstateSeal = typeof estateSeals.$inferSelect;

/** Condition over `estate_seals`: the estate's current seal (at most one: estate_seals_current_unique). */
export const isCurrentSealOf = (estateId: string) => and(eq(estateSeals.estateId, estateId), isNull(estateSeals.retiredAt));

/** The estate's current seal, or null. */
export async function currentSealOf(db: Db, estateId: string): Promise<EstateSeal | null> {
  const [row] = await db.select().from(estateSeals).where(isCurrentSealOf(estateId)).limit(1);
  return row ?? null;
}

/** A seal's kits in share order, with each holder's name. */
export async function kitsOf(db: Db, sealId: string) {
  return db
    .select({ id: sealKits.id, shareIndex: sealKits.shareIndex, holderUserId: sealKits.holderUserId, holderName: users.name, storedAt: sealKits.storedAt })
    .from(sealKits)
    .leftJoin(users, eq(users.id, sealKits.holderUserId))
    .where(eq(sealKits.sealId, sealId))
    .orderBy(asc(sealKits.shareIndex));
}

const heldKitColumns = {
  kitId: sealKits.id,
  sealId: sealKits.sealId,
  givenAt: sealKits.givenAt,
  openedAt: estateSeals.openedAt,
  estateStatus: estates.status,
  kitsGiven: sql<number>`(select count(*) from ${sealKits} given where given.seal_id = ${sealKits.sealId} and given.given_at is not null)`.mapWith(Number),
  checkGroup: sealKits.checkGroup,
  fingerprint: sealKits.fingerprint,
  shareIndex: sealKits.shareIndex,
  storedAt: sealKits.storedAt,
  shareCount: estateSeals.shareCount,
  threshold: estateSeals.threshold,
  sealTag: estateSeals.sealTag,
  estateId: estateSeals.estateId,
  ownerName: ownerNameSql(),
};

function heldKits(db: Db, userId: string) {
  return db
    .select(heldKitColumns)
    .from(sealKits)
    .innerJoin(estateSeals, and(eq(estateSeals.id, sealKits.sealId), isNull(estateSeals.retiredAt)))
    .innerJoin(estates, eq(estates.id, estateSeals.estateId))
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(eq(sealKits.holderUserId, userId))
    .$dynamic();
}

/** The kits of current seals this person holds, owners by name. */
export async function heldKitsOf(db: Db, userId: string) {
  return heldKits(db, userId).orderBy(asc(users.name), asc(sealKits.id));
}

/** One kit this person holds (of a current seal), or null: another person's kit is not found. */
export async function heldKit(db: Db, userId: string, kitId: string) {
  const [row] = await heldKits(db, userId).where(and(eq(sealKits.holderUserId, userId), eq(sealKits.id, kitId)));
  return row ?? null;
}

/** How many items are sealed to this seal (they open only with its kits). */
export async function sealedItemsOf(db: Db, sealId: string): Promise<number> {
  const [row] = await db.select({ n: countDistinct(sealedContents.itemId) }).from(sealedContents).where(eq(sealedContents.sealId, sealId));
  return Number(row?.n ?? 0);
}

/**
 * A seal is made for the trustees and the number needed as they were: changing either would leave
 * kits that no longer match. Inside the change's transaction, after the estate row is locked.
 */
export async function refuseWhileSealed(db: Db, estateId: string): Promise<void> {
  const seal = await currentSealOf(db, estateId);
  if (seal) {
    throw conflict(
      `Your seal was made for these trustees, any ${seal.threshold} of them together. To change your trustees or that number, first remove the seal on your Sealing page.`,
    );
  }
}

/**
 * Who may download an estate's Legacy Capsule: its owner, anyone holding a kit of its current seal,
 * and, once the estate is active, its beneficiaries with an account. The capsule is sealed: holding
 * it opens nothing without the kits.
 */
export async function mayDownloadCapsule(db: Db, userId: string, estateId: string): Promise<boolean> {
  const [estate] = await db.select({ ownerId: estates.ownerId, status: estates.status }).from(estates).where(eq(estates.id, estateId));
  if (!estate) return false;
  if (estate.ownerId === userId) return true;
  const [kit] = await db
    .select({ id: sealKits.id })
    .from(sealKits)
    .innerJoin(estateSeals, and(eq(estateSeals.id, sealKits.sealId), isNull(estateSeals.retiredAt), eq(estateSeals.estateId, estateId)))
    .where(eq(sealKits.holderUserId, userId))
    .limit(1);
  if (kit) return true;
  if (estate.status !== 'active') return false;
  const [beneficiary] = await db
    .select({ id: beneficiaries.id })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.estateId, estateId), eq(beneficiaries.userId, userId)))
    .limit(1);
  return Boolean(beneficiary);
}
