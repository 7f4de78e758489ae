import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { documents } from '../schema/documents.ts';
import { memories } from '../schema/memories.ts';
import { users } from '../schema/users.ts';
import { documentVisibleSql, memoryVisibleSql } from '../../access/policy.ts';
import { insertDeliveredLetter, insertInboxMessage, insertNotification } from '../../../../test/factories/shared-content.ts';
import { beneficiaries } from '../schema/estates.ts';
import type { DemoIds } from './demo-users.ts';

const HOUR = 60 * 60 * 1000;

/**
 * Emily's side of the demo: her inbox (a note from her mother, a conversation with David Chen, the
 * letter her mother's scheduler delivered on her last birthday) and her notifications — one for each
 * memory and document she can really see (through the access policy), plus a few messages.
 */
export async function seedBeneficiary(db: Db, ids: DemoIds): Promise<void> {
  const now = Date.now();
  const ago = (hours: number) => new Date(now - hours * HOUR);
  const emily = ids.beneficiaryUserId;
  const [margaret] = await db.select({ name: users.name }).from(users).where(eq(users.id, ids.ownerId));
  const [david] = await db.select({ name: users.name }).from(users).where(eq(users.id, ids.plannerId));
  const [emilyRow] = await db.select().from(beneficiaries).where(eq(beneficiaries.id, ids.beneficiaries.Emily!));
  if (!margaret || !david || !emilyRow) return;
  // Margaret was on Heirloom this morning (the home card's "last active").
  await db.update(users).set({ lastActiveAt: ago(5) }).where(eq(users.id, ids.ownerId));

  // The letter delivered on Emily's last birthday (a future message whose date came).
  const { threadId: letterThread } = await insertDeliveredLetter(db, {
    estateId: ids.estateId,
    ownerId: ids.ownerId,
    recipient: emilyRow,
    subject: 'For your 44th birthday',
    body:
      'My darling Emily,\n\nForty-four! I wrote this in the spring, in case my memory is not what it was by September. ' +
      'You were the bravest little girl on the jetty at Cape May and you are the bravest woman I know.\n\n' +
      'Have the chocolate cake. Call your brother.\n\nAll my love,\nMum',
    deliveryRule: 'next_birthday',
    deliveredAt: new Date('2025-09-02T08:00:00Z'),
  });
  await insertInboxMessage(db, { senderId: emily, recipientId: ids.ownerId, estateId: ids.estateId, threadId: letterThread!, subject: 'Re: For your 44th birthday', body: 'Mum, I read it on the train and cried in front of everyone. Cake has been had. Calling James tonight. Love you. E x', createdAt: new Date('2025-09-02T18:40:00Z'), readAt: new Date('2025-09-03T07:15:00Z') });

  const sunday = await insertInboxMessage(db, {
    senderId: ids.ownerId,
    recipientId: emily,
    estateId: ids.estateId,
    subject: 'Photos from the rose garden',
    body:
      'Emily, I have added the rose garden photos to Heirloom so you and Grace can see them whenever you like. ' +
      'Your father says the yellow ones are his. They are not. Come for lunch on Sunday? Mum',
    createdAt: ago(3),
  });

  const plan = await insertInboxMessage(db, {
    senderId: ids.plannerId,
    recipientId: emily,
    estateId: ids.estateId,
    subject: 'Your mother’s legacy plan: next steps',
    body:
      'Hello Emily, I am David Chen, your mother’s legacy planner. Margaret has asked me to make sure you know where everything is. ' +
      'Would you like a short call to walk through the documents she has shared with you? I am free most mornings next week.',
    createdAt: ago(50),
    readAt: ago(40),
  });
  await insertInboxMessage(db, {
    senderId: emily,
    recipientId: ids.plannerId,
    estateId: ids.estateId,
    threadId: plan.threadId,
    subject: 'Re: Your mother’s legacy plan: next steps',
    body: 'Thank you, David. Tuesday at 10 would suit me. Could we look at the healthcare directive together?',
    createdAt: ago(39),
    readAt: ago(30),
  });
  const confirm = await insertInboxMessage(db, {
    senderId: ids.plannerId,
    recipientId: emily,
    estateId: ids.estateId,
    threadId: plan.threadId,
    subject: 'Re: Your mother’s legacy plan: next steps',
    body: 'Tuesday at 10 it is. I will bring a printed copy of the directive and we can go through it line by line.',
    createdAt: ago(20),
  });

  // Notifications from what she can really see, newest first, a few of them already read.
  const seenMemories = await db
    .select({ title: memories.title, createdAt: memories.createdAt, id: memories.id })
    .from(memories)
    .where(memoryVisibleSql(db, emily))
    .orderBy(desc(memories.createdAt));
  const seenDocuments = await db
    .select({ title: documents.title, createdAt: documents.createdAt, id: documents.id })
    .from(documents)
    .where(documentVisibleSql(db, emily))
    .orderBy(desc(documents.createdAt));
  const from = margaret.name;
  // Each one when the item was shared; the newest of each kind still unread.
  for (const [i, m] of seenMemories.entries()) {
    await insertNotification(db, emily, {
      type: 'memory',
      message: `${from} shared a memory with you: ${m.title}`,
      fromName: from,
      link: `/beneficiary/memories?view=${m.id}`,
      createdAt: m.createdAt,
      readAt: i > 0 ? new Date(m.createdAt.getTime() + HOUR) : null,
      deliveredAt: m.createdAt,
    });
  }
  for (const [i, d] of seenDocuments.entries()) {
    await insertNotification(db, emily, {
      type: 'document',
      message: `${from} shared a document with you: ${d.title}`,
      fromName: from,
      link: `/beneficiary/documents?view=${d.id}`,
      createdAt: d.createdAt,
      readAt: i > 0 ? new Date(d.createdAt.getTime() + HOUR) : null,
      deliveredAt: d.createdAt,
    });
  }
  await insertNotification(db, emily, {
    type: 'message',
    message: `${from} sent you a message: ${sunday.subject}`,
    fromName: from,
    link: `/beneficiary/messages?thread=${sunday.threadId}`,
    createdAt: sunday.createdAt,
    deliveredAt: sunday.createdAt,
  });
  await insertNotification(db, emily, {
    type: 'message',
    message: `${david.name} sent you a message: ${confirm.subject}`,
    fromName: david.name,
    link: `/beneficiary/messages?thread=${plan.threadId}`,
    createdAt: confirm.createdAt,
    deliveredAt: confirm.createdAt,
  });
  await insertNotification(db, emily, {
    type: 'message',
    message: `${from} left you a message: “For your 44th birthday”`,
    fromName: from,
    link: `/beneficiary/messages?thread=${letterThread}`,
    createdAt: new Date('2025-09-02T08:00:00Z'),
    readAt: new Date('2025-09-02T12:00:00Z'),
    archivedAt: new Date('2025-10-01T09:00:00Z'),
    deliveredAt: new Date('2025-09-02T08:00:00Z'),
  });
}
