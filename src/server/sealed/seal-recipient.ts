import { eq, sql, type SQL } from 'drizzle-orm';
import type { TSealRecipient } from '../../core/estate-seal.schemas.ts';
import type { Db } from '../db/client.ts';
import { estateSeals } from '../db/schema/estate-seal.ts';
import { estates } from '../db/schema/estates.ts';
import { isCurrentSealOf } from '../access/estate-seal.ts';
import { subselect } from '../lib/child-rows.ts';

/**
 * The estate's current seal as the owner's screens seal items to it (null: none made yet), to
 * select beside what a list reads of the estate: no statement of its own.
 */
export const sealRecipientSql = (estateId: string): SQL<TSealRecipient> =>
  subselect(
    sql<TSealRecipient>`(select json_build_object('recipient', ${estateSeals.recipient}, 'sealTag', ${estateSeals.sealTag}) from ${estateSeals} where ${isCurrentSealOf(estateId)})`,
  );

/** The same, in a statement of its own. */
export async function sealRecipientOf(db: Db, estateId: string): Promise<TSealRecipient> {
  const [row] = await db.select({ seal: sealRecipientSql(estateId) }).from(estates).where(eq(estates.id, estateId));
  return row?.seal ?? null;
}
