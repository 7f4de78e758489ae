/**
 * Who is a legacy planner's client ("loved one", PRODUCT.md §3): the owner of an estate whose support
 * team lists the planner's account in the Legacy Planner role — because the owner added them, or
 * accepted the planner's invitation. Every planner route asks only these functions; an estate that
 * is not a client's is "not found" to the planner. What a planner may see of a client is fixed by
 * the planner module's views (progress, tasks, appointments — never vault content).
 */
import { and, eq, exists, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { supportTeamMembers } from '../db/schema/estates.ts';
import { notFound } from '../lib/app-error.ts';

export const PLANNER_ROLE = 'legacy-planner';

const plannerOf = (plannerId: string, estateId: PgColumn | string) =>
  and(
    eq(supportTeamMembers.estateId, estateId),
    eq(supportTeamMembers.userId, plannerId),
    eq(supportTeamMembers.role, PLANNER_ROLE),
    isNotNull(supportTeamMembers.acceptedAt),
  );

/** Condition: the estate in `estateId` (a column of the outer query) is a client of `plannerId`. */
export function clientEstateSql(db: Db, plannerId: string, estateId: PgColumn): SQL {
  return exists(db.select({ one: sql`1` }).from(supportTeamMembers).where(plannerOf(plannerId, estateId)));
}

export async function isClientOf(db: Db, plannerId: string, estateId: string): Promise<boolean> {
  const [row] = await db.select({ id: supportTeamMembers.id }).from(supportTeamMembers).where(plannerOf(plannerId, estateId)).limit(1);
  return Boolean(row);
}

/** The estate, when it is the planner's client's; otherwise 404 (never a hint that it exists). */
export async function assertClientOf(db: Db, plannerId: string, estateId: string): Promise<void> {
  if (!(await isClientOf(db, plannerId, estateId))) throw notFound('That loved one');
}

/** The ids of every estate whose owner is the planner's client. */
export async function clientEstateIds(db: Db, plannerId: string): Promise<string[]> {
  const rows = await db
    .select({ estateId: supportTeamMembers.estateId })
    .from(supportTeamMembers)
    .where(and(eq(supportTeamMembers.userId, plannerId), eq(supportTeamMembers.role, PLANNER_ROLE), isNotNull(supportTeamMembers.acceptedAt)));
  return [...new Set(rows.map((r) => r.estateId))];
}
