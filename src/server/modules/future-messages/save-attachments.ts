import { eq } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { dropSealed } from '../../sealed/sealed-contents.ts';
import { sealToCurrentSeal } from '../../sealed/seal-item.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { futureMessageAttachments } from '../../db/schema/messages.ts';
import type { PreparedFutureMessage } from './prepare-future-message.ts';

/**
 * Replace a future message's attachments and its sealed body (or forget it, once unsealed), and record
 * a newly given recipient birthday. In the save's transaction: a sealed body is kept only while the seal
 * it was sealed to is still the estate's (sealToCurrentSeal).
 */
export async function saveAttachments(tx: Pick<Deps, 'db' | 'secrets' | 'clock'>, estateId: string, futureMessageId: string, prepared: PreparedFutureMessage): Promise<void> {
  const db = tx.db;
  if (prepared.sealedBody) {
    await sealToCurrentSeal(tx, estateId, prepared.sealedBody.sealTag, { itemType: 'future-message', itemId: futureMessageId, part: 'body' }, prepared.sealedBody.armored);
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
