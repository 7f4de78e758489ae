import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { beneficiaries } from '../../db/schema/estates.ts';

/** The estates the viewer has a beneficiary row in (any flags): every item they may see is in one of them. */
async function linkedEstateIds(ctx: Ctx): Promise<string[]> {
  const rows = await ctx.db.selectDistinct({ estateId: beneficiaries.estateId }).from(beneficiaries).where(eq(beneficiaries.userId, ctx.actor.userId));
  return rows.map((r) => r.estateId);
}

/**
 * A list over the viewer's estates (or the one asked for), read one estate at a time and merged.
 * Each estate's query walks its (estate_id, order…) index and stops at `limit`; one query over all
 * estates would find and sort every visible row of them first (ADR "shared lists per estate").
 * `first` orders two rows the way the list does.
 */
export async function acrossEstates<T>(ctx: Ctx, estateId: string | undefined, limit: number, load: (estateId: string) => Promise<T[]>, first: (a: T, b: T) => number): Promise<T[]> {
  const estateIds = estateId ? [estateId] : await linkedEstateIds(ctx);
  const perEstate = await Promise.all(estateIds.map(load));
  return perEstate.length === 1 ? perEstate[0]! : perEstate.flat().sort(first).slice(0, limit);
}

/** Newest first by (key, id), both compared as the database does (ISO dates and times, lowercase uuids). */
export const newestFirst = <T>(key: (row: T) => string, id: (row: T) => string) => (a: T, b: T) =>
  key(b).localeCompare(key(a)) || id(b).localeCompare(id(a));
