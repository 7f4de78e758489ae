import { eq } from 'drizzle-orm';
import { addDays, deadlinesFor, isoDayOf } from '../../../core/settlement/rules.ts';
import type { Db } from '../client.ts';
import { digitalAssets } from '../schema/digital-assets.ts';
import { estateSettlements, inventoryEntries, memorialMessages, memorials, settlementDeadlines } from '../schema/settlement.ts';
import { randomToken } from '../../lib/tokens.ts';

const DAY = 24 * 60 * 60 * 1000;

interface DemoEntry {
  kind: string;
  name: string;
  institution?: string;
  institutionAddress?: string;
  reference?: string;
  value?: string;
  currency?: string;
  wishedAction?: string;
  transferTo?: string;
  status: 'todo' | 'notified' | 'waiting' | 'done' | 'not_applicable';
  /** the letter went this many days ago, with a reminder after `remind` days */
  letter?: { daysAgo: number; via: 'post' | 'email'; remind: number; answer?: string };
}

/**
 * Evelyn Carter's estate as her son Thomas is settling it: letters in every state, one reminder due.
 * The real accounts have their institution's address, so they offer a letter; the house, the car and
 * her online accounts have none and offer to add one.
 */
const ENTRIES: DemoEntry[] = [
  { kind: 'bank_account', name: 'Joint checking account', institution: 'Chase', institutionAddress: 'Chase Bereavement Center\nPO Box 182223\nColumbus, OH 43218', reference: '000123456789', value: '8240.17', currency: 'USD', wishedAction: 'close', status: 'notified', letter: { daysAgo: 6, via: 'post', remind: 14 } },
  { kind: 'investment_account', name: 'Brokerage account', institution: 'Vanguard', institutionAddress: 'Vanguard Estate Services\nPO Box 1110\nValley Forge, PA 19482', reference: 'VG-88812-004', value: '63410.00', currency: 'USD', wishedAction: 'transfer', transferTo: 'Thomas Carter', status: 'waiting', letter: { daysAgo: 25, via: 'email', remind: 21 } },
  { kind: 'insurance_policy', name: 'Life insurance policy', institution: 'MetLife', institutionAddress: 'MetLife Claims\nPO Box 6100\nScranton, PA 18505', reference: 'ML-5512-77', value: '250000.00', currency: 'USD', wishedAction: 'close', status: 'done', letter: { daysAgo: 24, via: 'post', remind: 21, answer: 'Claim approved; the payment goes to the estate account within five weeks.' } },
  { kind: 'pension', name: 'Teachers’ pension', institution: 'CalSTRS', institutionAddress: 'CalSTRS Survivor Benefits\nPO Box 15275\nSacramento, CA 95851', reference: 'T-204417', value: '1850.00', currency: 'USD', status: 'todo' },
  { kind: 'property', name: 'House on Maple Avenue', value: '410000.00', currency: 'USD', wishedAction: 'sell', status: 'todo' },
  { kind: 'vehicle', name: '2016 Honda Civic', value: '9500.00', currency: 'USD', wishedAction: 'transfer', transferTo: 'Thomas Carter', status: 'todo' },
  { kind: 'debt', name: 'Credit card', institution: 'Citi', institutionAddress: 'Citi Estate Services\nPO Box 6500\nSioux Falls, SD 57117', reference: '5424 1811 0099 3114', value: '1230.55', currency: 'USD', wishedAction: 'close', status: 'notified', letter: { daysAgo: 3, via: 'email', remind: 14 } },
  { kind: 'subscription', name: 'Newspaper subscription', institution: 'The Boston Globe', institutionAddress: 'The Boston Globe Customer Service\n1 Exchange Place, Suite 201\nBoston, MA 02109', wishedAction: 'close', status: 'todo' },
  { kind: 'bank_account', name: 'Old savings account (closed 2019)', institution: 'Bank of America', institutionAddress: 'Bank of America Estate Services\nPO Box 15222\nWilmington, DE 19886', status: 'not_applicable' },
];

/**
 * The active demo estate's settlement (issue 28): its inventory as activation built it from Evelyn's
 * digital accounts, with what Thomas added and where each letter stands.
 */
export async function seedSettlement(db: Db, estateId: string, executorId: string, nowMs: number, dateOfDeath: string): Promise<void> {
  const at = (daysAgo: number) => new Date(nowMs - daysAgo * DAY);
  const assets = await db.select({ id: digitalAssets.id, name: digitalAssets.name, platform: digitalAssets.platform, action: digitalAssets.afterDeathAction }).from(digitalAssets).where(eq(digitalAssets.estateId, estateId));
  await db.insert(inventoryEntries).values([
    ...assets.map((a, i) => ({
      estateId,
      kind: 'online_account',
      name: a.name,
      institution: a.platform,
      wishedAction: a.action,
      status: i === 0 ? 'done' : 'todo',
      statusBy: i === 0 ? executorId : null,
      statusAt: i === 0 ? at(20) : null,
      source: 'digital_asset',
      sourceId: a.id,
      createdAt: at(28),
      updatedAt: at(28),
    })),
    ...ENTRIES.map((e) => ({
      estateId,
      kind: e.kind,
      name: e.name,
      institution: e.institution ?? null,
      institutionAddress: e.institutionAddress ?? null,
      reference: e.reference ?? null,
      value: e.value ?? null,
      currency: e.currency ?? null,
      wishedAction: e.wishedAction ?? null,
      transferTo: e.transferTo ?? null,
      status: e.status,
      statusBy: e.status === 'todo' ? null : executorId,
      statusAt: e.status === 'todo' ? null : at(e.letter ? e.letter.daysAgo : 10),
      source: 'executor',
      letterSentAt: e.letter ? at(e.letter.daysAgo) : null,
      letterSentVia: e.letter?.via ?? null,
      letterSentBy: e.letter ? executorId : null,
      remindAfterDays: e.letter?.remind ?? null,
      answer: e.letter?.answer ?? null,
      answeredAt: e.letter?.answer ? at(e.letter.daysAgo - 10) : null,
      createdAt: at(27),
      updatedAt: at(2),
    })),
  ]);
  // The deadlines (federal rules from the date of death) and two of Thomas's own: one done, one overdue.
  const today = isoDayOf(new Date(nowMs));
  await db.insert(estateSettlements).values({ estateId, jurisdiction: 'us-federal', dateOfDeath, updatedBy: executorId, updatedAt: at(27) });
  await db.insert(settlementDeadlines).values([
    ...deadlinesFor('us-federal', dateOfDeath).map((d) => ({ estateId, ...d, createdBy: executorId, createdAt: at(27) })),
    { estateId, title: 'Order ten certified copies of the death certificate', dueOn: addDays(today, -12), doneAt: at(14), doneBy: executorId, createdBy: executorId, createdAt: at(27) },
    { estateId, title: 'Meet the probate attorney with the will', detail: 'Bring the original will and the list of accounts.', dueOn: addDays(today, -3), createdBy: executorId, createdAt: at(27) },
  ]);
  // Her memorial, published by Thomas to the family: two messages shown, one waiting for him.
  await db.insert(memorials).values({
    estateId,
    body: 'Evelyn Carter taught third grade in Maple Falls for thirty-one years, and most of the town learned to read at her table.\n\nShe kept a garden that fed half the street, wrote letters by hand until the very end, and never missed a grandchild’s recital.',
    wishes: 'A small service at St. Mark’s, then tea in the garden. Wear something bright: she would have.',
    donationUrl: 'https://www.redcross.org/donate',
    status: 'published',
    audience: 'family',
    linkToken: randomToken(),
    publishedAt: at(20),
    publishedBy: executorId,
    updatedBy: executorId,
    updatedAt: at(20),
  });
  await db.insert(memorialMessages).values([
    { estateId, authorName: 'Sam Carter', body: 'Grandma, thank you for every Sunday pancake. I still use your recipe.', status: 'approved', reviewedBy: executorId, reviewedAt: at(18), createdAt: at(19) },
    { estateId, authorName: 'Robert Hayes', body: 'It was an honour to help look after your affairs. My thoughts are with the family.', status: 'approved', reviewedBy: executorId, reviewedAt: at(15), createdAt: at(16) },
    { estateId, authorName: 'Linda Moore', body: 'Mrs. Carter was my teacher in 1979. She was the reason I became one too.', createdAt: at(1) },
  ]);
}
