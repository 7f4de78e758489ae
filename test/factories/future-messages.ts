import { faker } from '@faker-js/faker';
import type { Db } from '../../src/server/db/client.ts';
import { futureMessageAttachments, futureMessages } from '../../src/server/db/schema/messages.ts';

type FutureMessageInsert = typeof futureMessages.$inferInsert;

export interface FutureMessageOverrides extends Partial<Omit<FutureMessageInsert, 'estateId' | 'recipientId'>> {
  memoryIds?: string[];
  documentIds?: string[];
}

/** A draft "on a date" message by default; pass status/dueAt for a scheduled one. */
export function buildFutureMessage(estateId: string, recipientId: string, overrides: Partial<FutureMessageInsert> = {}): FutureMessageInsert {
  return {
    estateId,
    recipientId,
    subject: faker.lorem.sentence({ min: 3, max: 6 }).replace(/\.$/, ''),
    body: faker.lorem.paragraphs(2),
    deliveryRule: 'on_date',
    deliverOn: faker.date.future({ years: 2 }).toISOString().slice(0, 10),
    status: 'draft',
    ...overrides,
  };
}

export async function insertFutureMessage(db: Db, estateId: string, recipientId: string, overrides: FutureMessageOverrides = {}) {
  const { memoryIds = [], documentIds = [], ...rest } = overrides;
  const [row] = await db.insert(futureMessages).values(buildFutureMessage(estateId, recipientId, rest)).returning();
  const attachments = [
    ...memoryIds.map((itemId) => ({ futureMessageId: row!.id, itemType: 'memory', itemId })),
    ...documentIds.map((itemId) => ({ futureMessageId: row!.id, itemType: 'document', itemId })),
  ];
  if (attachments.length) await db.insert(futureMessageAttachments).values(attachments);
  return row!;
}
