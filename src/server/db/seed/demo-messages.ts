import { eq } from 'drizzle-orm';
import { addDays, dueAtFor } from '../../../core/delivery-rules.ts';
import { DEFAULT_SYSTEM_SETTINGS } from '../../../core/system-settings.schemas.ts';
import { insertFutureMessage } from '../../../../test/factories/future-messages.ts';
import type { Db } from '../client.ts';
import { documents } from '../schema/documents.ts';
import { memories } from '../schema/memories.ts';
import type { DemoIds } from './demo-users.ts';

/**
 * Margaret's future messages: letters for her family, some scheduled, some still drafts. Dates are
 * worked out from today so the demo always shows messages still to come. Attachments are the
 * demo memories and documents the vault seed created, when they exist.
 */
export async function seedMessages(db: Db, ids: DemoIds): Promise<void> {
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const timeZone = DEFAULT_SYSTEM_SETTINGS.defaultTimeZone;
  const estateMemories = await db.select({ id: memories.id, title: memories.title }).from(memories).where(eq(memories.estateId, ids.estateId));
  const estateDocuments = await db.select({ id: documents.id, title: documents.title }).from(documents).where(eq(documents.estateId, ids.estateId));
  const pick = <T extends { id: string; title: string }>(rows: T[], words: string[], fallback: number) => {
    const matching = rows.filter((r) => words.some((w) => r.title.toLowerCase().includes(w)));
    return (matching.length ? matching : rows).slice(0, fallback).map((r) => r.id);
  };
  const birthday = dueAtFor({ rule: 'next_birthday' }, { now, timeZone, recipientDateOfBirth: '1981-09-02' });
  const graduationDay = addDays(today, 200);
  const graduation = dueAtFor({ rule: 'on_date', deliverOn: graduationDay }, { now, timeZone });

  await insertFutureMessage(db, ids.estateId, ids.beneficiaries.Emily!, {
    subject: 'Happy birthday, my darling girl',
    body:
      'Emily,\n\nEvery year on this day I think of the morning you arrived, three weeks early and already in a hurry. ' +
      'I hope this birthday finds you surrounded by people who love you as much as your dad and I always have.\n\n' +
      'I have put in the photographs from the lake house summers. Look at your grin on the jetty.\n\nAll my love, always,\nMum',
    deliveryRule: 'next_birthday',
    deliverOn: null,
    status: 'scheduled',
    dueAt: birthday.ok ? birthday.dueAt : null,
    memoryIds: pick(estateMemories, ['lake', 'summer', 'birthday'], 2),
  });
  await insertFutureMessage(db, ids.estateId, ids.beneficiaries.Richard!, {
    subject: 'For you, Richard, when the time comes',
    body:
      'My dearest Richard,\n\nIf you are reading this, I am no longer beside you. Forty-nine years was not nearly enough. ' +
      'The papers you will need are attached, and David Chen knows where everything else is.\n\n' +
      'Please keep walking by the river on Sundays, and let the children fuss over you a little.\n\nYours, forever,\nMargaret',
    deliveryRule: 'after_activation',
    deliverOn: null,
    daysAfterActivation: 30,
    status: 'scheduled',
    dueAt: null,
    documentIds: pick(estateDocuments, ['will', 'insurance', 'deed'], 2),
    memoryIds: pick(estateMemories, ['wedding', 'anniversary'], 1),
  });
  await insertFutureMessage(db, ids.estateId, ids.beneficiaries.James!, {
    subject: 'On your graduation day',
    body:
      'James,\n\nYou did it. I always knew you would, even in the years when you did not. ' +
      'Your grandfather would have worn his good tie today. Take a moment to be proud of yourself.\n\nLove,\nMum',
    deliveryRule: 'on_date',
    deliverOn: graduationDay,
    status: 'scheduled',
    dueAt: graduation.ok ? graduation.dueAt : null,
  });
  await insertFutureMessage(db, ids.estateId, ids.beneficiaries.Grace!, {
    subject: 'For your wedding day',
    body:
      'Grace,\n\nI am writing this while you are still small enough to fall asleep on my lap. ' +
      "By the time you read it you will be choosing a life of your own. Wear something blue of mine, if you'd like.\n\nGrandma",
    deliveryRule: 'on_date',
    deliverOn: addDays(today, 3650),
    status: 'draft',
    memoryIds: pick(estateMemories, ['garden', 'christmas', 'family'], 1),
  });
  await insertFutureMessage(db, ids.estateId, ids.beneficiaries.James!, {
    subject: 'A few things about the house',
    body: 'James,\n\nThe boiler needs a firm kick in winter, and the spare keys are under the blue pot by the shed.\n\nMum',
    deliveryRule: 'after_activation',
    deliverOn: null,
    daysAfterActivation: 7,
    status: 'draft',
    documentIds: pick(estateDocuments, ['deed', 'house', 'property'], 1),
  });
}
