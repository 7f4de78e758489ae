import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { futureMessageAttachments } from '../../db/schema/messages.ts';
import type { PreparedFutureMessage } from './prepare-future-message.ts';

/** Replace a future message's attachments, and record a newly given recipient birthday. */
export async function saveAttachments(db: Db, futureMessageId: string, prepared: PreparedFutureMessage): Promise<void> {
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
