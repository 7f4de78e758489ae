import type { Ctx } from '../../context.ts';

/**
 * A list over the viewer's estates (or the one asked for), read one estate at a time and merged.
 * Each estate's query walks its (estate_id, order…) index and stops at `limit`; one query over all
 * estates would find and sort every visible row of them first (ADR "shared lists per estate").
 * `first` orders two rows the way the list does.
 */
export async function acrossEstates<T>(ctx: Ctx, estateId: string | undefined, limit: number, load: (estateId: string) => Promise<T[]>, first: (a: T, b: T) => number): Promise<T[]> {
  // Every item the viewer may see is in an estate they have a beneficiary row in (read with the session).
  const estateIds = estateId ? [estateId] : ctx.actor.linkedEstateIds;
  const perEstate = await Promise.all(estateIds.map(load));
  return perEstate.length === 1 ? perEstate[0]! : perEstate.flat().sort(first).slice(0, limit);
}

/** Newest first by (key, id), both compared as the database does (ISO dates and times, lowercase uuids). */
export const newestFirst = <T>(key: (row: T) => string, id: (row: T) => string) => (a: T, b: T) =>
  key(b).localeCompare(key(a)) || id(b).localeCompare(id(a));
