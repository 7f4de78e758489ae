import { eq } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { currentSealOf } from '../../access/estate-seal.ts';
import { conflict } from '../../lib/app-error.ts';
import { lockEstate } from '../../lib/estate-lock.ts';
import { dropSealed, putSealed } from '../../sealed/sealed-contents.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { futureMessageAttachments } from '../../db/schema/messages.ts';
import type { PreparedFutureMessage } from './prepare-future-message.ts';

/**
 * Replace a future message's attachments and its sealed body (or forget it, once unsealed), and record
 * a newly given recipient birthday. In the save's transaction: the seal is checked under the estate's
 * lock, so a letter is never kept sealed to a seal removed meanwhile.
 */
export async function saveAttachments(tx: Pick<Deps, 'db' | 'secrets' | 'clock'>, estateId: string, futureMessageId: string, prepared: PreparedFutureMessage): Promise<void> {
  const db = tx.db;
  if (prepared.sealedBody) {
    await lockEstate(db, estateId);
    if ((await currentSealOf(db, estateId))?.id !== prepared.sealedBody.sealId) throw conflict('Your seal changed while this letter was being saved. Open the letter again and save it.');
    await putSealed(tx, { ...prepared.sealedBody, estateId, itemType: 'future-message', itemId: futureMessageId, part: 'body' });
  } else {
    await dropSealed(db, 'future-message', futureMessageId);
  }
  await db.delete(futureMessageAttachments).where(eq(futureMessageAttachments.futureMessageId, futureMessageId));
  const rows = [
    ...prepared.memoryIds.map((itemId) => ({ futureMessageId, itemType: 'memory', itemId })),
    ...prepared.documentIds.map((itemId) => ({ futureMessageId, itemType: 'document', itemId })),
  ];
  if (rows.length) await db.insert(futureMessageAttachments).values(rows);
  if (prepared.recipientDateOfBirth) {
    await db
      .update(beneficiaries)
      .set({ dateOfBirth: prepared.recipientDateOfBirth })
      .where(eq(beneficiaries.id, prepared.values.recipientId));
  }
}
