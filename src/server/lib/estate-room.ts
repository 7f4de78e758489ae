import { count, eq, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { estates } from '../db/schema/estates.ts';
import { conflict } from './app-error.ts';

/**
 * Inside the transaction that adds a row to one of the estate's bounded sets (beneficiaries, support
 * team): locks the estate row, so two additions at once are counted one after the other, then refuses
 * (409) when the set already holds `max`.
 */
export async function assertEstateRoom(db: Db, spec: { table: PgTable; estateColumn: AnyColumn; estateId: string; max: number; message: string }): Promise<void> {
  await db.select({ id: estates.id }).from(estates).where(eq(estates.id, spec.estateId)).for('update');
  const [row] = await db.select({ n: count() }).from(spec.table).where(eq(spec.estateColumn, spec.estateId));
  if (Number(row?.n ?? 0) >= spec.max) throw conflict(spec.message);
}
