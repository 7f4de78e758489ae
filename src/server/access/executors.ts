/**
 * Who settles an estate after activation (issue 28, ADR 0102): the executor and deputy its owner
 * named, counted only while they are still one of its beneficiaries with an account or its estate
 * administrator, and its estate administrators. The executor routes and the playbook ask only here.
 */
import { and, eq, exists, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ExecutorPosition, TExecutorPerson } from '../../core/executors.schemas.ts';
import type { Db } from '../db/client.ts';
import { estateExecutors } from '../db/schema/executors.ts';
import { beneficiaries, estates } from '../db/schema/estates.ts';
import { administersSql, ESTATE_ADMINISTRATOR_ROLE } from './estate-roles.ts';
import { linkedPeopleOf } from './linked-people.ts';
import { RELEASED_STATUS } from './policy.ts';

/** Whom the owner of `estateId` may name: beneficiaries with an account and estate administrators. */
export const executorCandidatesOf = (db: Db, estateId: string) => linkedPeopleOf(db, estateId, [ESTATE_ADMINISTRATOR_ROLE]);

/** The named executor and deputy who may still act (see above), and whom the owner could name. */
export async function executorsOf(db: Db, estateId: string): Promise<Record<ExecutorPosition, TExecutorPerson | null> & { candidates: TExecutorPerson[] }> {
  const [named, candidates] = await Promise.all([
    db.select({ position: estateExecutors.position, userId: estateExecutors.userId }).from(estateExecutors).where(eq(estateExecutors.estateId, estateId)),
    executorCandidatesOf(db, estateId),
  ]);
  const at = (position: ExecutorPosition) => candidates.find((c) => named.some((n) => n.position === position && n.userId === c.userId)) ?? null;
  return { executor: at('executor'), deputy: at('deputy'), candidates };
}

/** Condition: `userId` (a value or a column) is still linked to the estate as one whom it could name. */
function stillLinkedSql(db: Db, estateId: PgColumn, userId: PgColumn | string): SQL {
  return or(exists(db.select({ one: sql`1` }).from(beneficiaries).where(and(eq(beneficiaries.estateId, estateId), eq(beneficiaries.userId, userId)))), administersSql(db, userId, estateId))!;
}

/**
 * What `userId` may do with an active estate's settlement: `work` (its named executor or deputy, or an
 * estate administrator), `read` (a beneficiary with the digital-legacy flag, following progress; when
 * the owner named no executor who can still act, they work it, as before executors existed), or
 * null (not active, or not theirs: not found).
 */
export async function settlementAccessOf(db: Db, userId: string, estateId: string): Promise<'work' | 'read' | null> {
  const [row] = await db
    .select({
      administers: sql<boolean>`${administersSql(db, userId, estates.id)}`,
      executor: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(estateExecutors)
          .where(and(eq(estateExecutors.estateId, estates.id), eq(estateExecutors.userId, userId), stillLinkedSql(db, estates.id, userId))),
      )}`,
      anyExecutor: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(estateExecutors)
          .where(and(eq(estateExecutors.estateId, estates.id), stillLinkedSql(db, estates.id, estateExecutors.userId))),
      )}`,
      digitalLegacy: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(beneficiaries)
          .where(and(eq(beneficiaries.estateId, estates.id), eq(beneficiaries.userId, userId), eq(beneficiaries.accessDigitalLegacy, true))),
      )}`,
    })
    .from(estates)
    .where(and(eq(estates.id, estateId), eq(estates.status, RELEASED_STATUS)));
  if (!row) return null;
  if (row.administers || row.executor) return 'work';
  if (row.digitalLegacy) return row.anyExecutor ? 'read' : 'work';
  return null;
}

/**
 * What `userId` may do with what is prepared for an estate's settlement (its inventory): `owner`
 * (its owner pre-filling it before activation; the estate freeze stops the owner's writes once it
 * is active), else what settlementAccessOf says.
 */
export async function settlementDraftAccessOf(db: Db, userId: string, estateId: string): Promise<'owner' | 'work' | 'read' | null> {
  const access = await settlementAccessOf(db, userId, estateId);
  if (access) return access;
  const [own] = await db
    .select({ one: sql`1` })
    .from(estates)
    .where(and(eq(estates.id, estateId), eq(estates.ownerId, userId), ne(estates.status, RELEASED_STATUS)));
  return own ? 'owner' : null;
}

/**
 * Whether `userId` is among an estate's family with an account — a beneficiary linked to their
 * account, or one of its estate administrators: who may read a memorial published to the family.
 */
export async function isEstateFamily(db: Db, userId: string, estateId: string): Promise<boolean> {
  const [row] = await db.select({ yes: sql<boolean>`${stillLinkedSql(db, estates.id, userId)}` }).from(estates).where(eq(estates.id, estateId));
  return row?.yes === true;
}
