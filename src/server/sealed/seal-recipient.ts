import type { TSealRecipient } from '../../core/estate-seal.schemas.ts';
import type { Db } from '../db/client.ts';
import { currentSealOf } from '../access/estate-seal.ts';

/** The estate's current seal as the owner's screens seal items to it (null: none made yet). */
export async function sealRecipientOf(db: Db, estateId: string): Promise<TSealRecipient> {
  const seal = await currentSealOf(db, estateId);
  return seal && { recipient: seal.recipient, sealTag: seal.sealTag };
}
