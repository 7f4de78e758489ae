import { count, eq, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { conflict } from './app-error.ts';
import { lockEstate } from '../lib/estate-lock.ts';

/**
 * Inside the transaction that adds a row to one of the estate's bounded sets (beneficiaries, support
 * team): locks the estate row, so two additions at once are counted one after the other, then refuses
 * (409) when the set already holds `max`.
 */
export async function assertEstateRoom(db: Db, spec: { table: PgTable; estateColumn: AnyColumn; estateId: string; max: number; message: string }): Promise<void> {
  await lockEstate(db, spec.estateId);
  const [row] = await db.select({ n: count() }).from(spec.table).where(eq(spec.estateColumn, spec.estateId));
  if (Number(row?.n ?? 0) >= spec.max) throw conflict(spec.message);
}
