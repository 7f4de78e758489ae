import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSaveFutureMessageRequest } from '../../../core/future-messages.schemas.ts';
import { insertBeneficiary } from '../../../../test/factories/estates.ts';
import { insertFutureMessage } from '../../../../test/factories/future-messages.ts';
import { insertUser, type InsertedUser } from '../../../../test/factories/users.ts';
import { buildTestApp, injectAs, sessionFor, type TestApp, type TestSession } from '../../../../test/helpers.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { futureMessages, notifications } from '../../db/schema/messages.ts';
import { outboxEmails } from '../../db/schema/system.ts';
import { mergeSystemSettings } from '../../settings/get-system-settings.ts';
import { deliverDueFutureMessages } from './deliver-due-future-messages.ts';

let t: TestApp;
let owner: InsertedUser;
let ownerS: TestSession;
let other: InsertedUser;
let otherS: TestSession;

const NOW = new Date('2026-11-23T12:00:00Z');

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
  await mergeSystemSettings(t.db, { defaultTimeZone: 'Europe/London' });
  owner = await insertUser(t.db, { name: 'Margaret Ellis', email: 'margaret@example.com' });
  ownerS = await sessionFor(t, owner);
  other = await insertUser(t.db, { name: 'Robert Hale' });
  otherS = await sessionFor(t, other);
});
afterAll(async () => t.close());

async function addRecipient(firstName: string, dateOfBirth: string | null = null) {
  const withAccount = await insertUser(t.db, { roles: ['beneficiary'], name: `${firstName} Ellis` });
  return insertBeneficiary(t.db, owner.estateId!, { firstName, lastName: 'Ellis', userId: withAccount.id, dateOfBirth });
}

const compose = (recipientId: string, overrides: Partial<TSaveFutureMessageRequest> = {}): TSaveFutureMessageRequest => ({
  recipientId,
  subject: 'For your birthday',
  body: 'Dear one, I am so proud of you.',
  deliveryRule: 'next_birthday',
  status: 'scheduled',
  ...overrides,
});

async function schedule(body: TSaveFutureMessageRequest) {
  const res = await injectAs(t, ownerS, 'POST', '/api/v1/future-messages', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; dueAt: string | null; deliveryInWords: string };
}

const get = async (id: string) => (await injectAs(t, ownerS, 'GET', `/api/v1/future-messages/${id}`)).json();

describe('the rule in words, from the recipient’s side, in the owner’s time zone', () => {
  it('names the recipient and the moment it arrives', async () => {
    const emily = await addRecipient('Emily', '1990-03-14');
    const birthday = await schedule(compose(emily.id));
    expect(birthday).toMatchObject({
      deliveryInWords: "On Emily's next birthday — 14 March 2027, 09:00 Europe/London",
      dueAt: '2027-03-14T09:00:00.000Z',
    });
    const summer = await schedule(compose(emily.id, { deliveryRule: 'on_date', deliverOn: '2027-06-03' }));
    // 09:00 in London in June is 08:00 UTC (summer time).
    expect(summer).toMatchObject({ deliveryInWords: 'On 3 June 2027, 09:00 Europe/London', dueAt: '2027-06-03T08:00:00.000Z' });
    const later = await schedule(compose(emily.id, { deliveryRule: 'after_activation', daysAfterActivation: 365 }));
    expect(later).toMatchObject({ deliveryInWords: 'One year after my passing', dueAt: null });
  });

  it('shows a draft’s projected moment too, and moves the due time when the rule is edited', async () => {
    const tom = await addRecipient('Tom', '1995-12-01');
    const draft = await schedule(compose(tom.id, { status: 'draft' }));
    expect(draft).toMatchObject({ dueAt: null, deliveryInWords: "On Tom's next birthday — 1 December 2026, 09:00 Europe/London" });
    const edited = await injectAs(t, ownerS, 'PUT', `/api/v1/future-messages/${draft.id}`, compose(tom.id, { deliveryRule: 'on_date', deliverOn: '2027-01-10' }));
    expect(edited.json()).toMatchObject({ status: 'scheduled', dueAt: '2027-01-10T09:00:00.000Z', deliveryInWords: 'On 10 January 2027, 09:00 Europe/London' });
  });
});

describe('editing the recipient’s birthday', () => {
  it('moves every scheduled birthday message to the new next birthday, and nothing else', async () => {
    const anna = await addRecipient('Anna', '1988-08-20');
    const birthday = await schedule(compose(anna.id));
    expect(birthday.dueAt).toBe('2027-08-20T08:00:00.000Z'); // 09:00 summer time
    const dated = await schedule(compose(anna.id, { deliveryRule: 'on_date', deliverOn: '2027-05-01' }));
    const draft = await schedule(compose(anna.id, { status: 'draft' }));

    const res = await injectAs(t, ownerS, 'PATCH', `/api/v1/beneficiaries/${anna.id}`, { dateOfBirth: '1988-01-05' });
    expect(res.statusCode, res.body).toBe(200);

    expect(await get(birthday.id)).toMatchObject({
      status: 'scheduled',
      dueAt: '2027-01-05T09:00:00.000Z',
      deliveryInWords: "On Anna's next birthday — 5 January 2027, 09:00 Europe/London",
    });
    expect((await get(dated.id)).dueAt).toBe('2027-05-01T08:00:00.000Z');
    expect(await get(draft.id)).toMatchObject({ status: 'draft', dueAt: null });
  });

  it('puts birthday messages back to draft when the birthday is removed, and tells the owner', async () => {
    const ben = await addRecipient('Ben', '1992-02-10');
    const birthday = await schedule(compose(ben.id, { subject: 'Thirty-five' }));
    const res = await injectAs(t, ownerS, 'PATCH', `/api/v1/beneficiaries/${ben.id}`, { dateOfBirth: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(await get(birthday.id)).toMatchObject({ status: 'draft', dueAt: null });
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(notes.map((n) => n.message)).toContainEqual(expect.stringContaining('“Thirty-five” went back to draft'));
  });

  it('another owner cannot move this owner’s messages', async () => {
    const cara = await addRecipient('Cara', '1991-04-04');
    const birthday = await schedule(compose(cara.id));
    const res = await injectAs(t, otherS, 'PATCH', `/api/v1/beneficiaries/${cara.id}`, { dateOfBirth: '1991-01-01' });
    expect(res.statusCode).toBe(404);
    expect((await get(birthday.id)).dueAt).toBe('2027-04-04T08:00:00.000Z');
  });
});

describe('removing the recipient', () => {
  it('turns scheduled and draft messages into drafts without a recipient, keeps delivered ones, and tells the owner', async () => {
    const james = await addRecipient('James', '1984-01-23');
    const scheduled = await schedule(compose(james.id, { subject: 'For your fortieth' }));
    const draft = await schedule(compose(james.id, { subject: 'Unfinished', status: 'draft' }));
    const delivered = await insertFutureMessage(t.db, owner.estateId!, james.id, {
      subject: 'Already his',
      status: 'delivered',
      dueAt: new Date('2026-01-23T09:00:00Z'),
      deliveredAt: new Date('2026-01-23T09:00:00Z'),
    });

    const res = await injectAs(t, ownerS, 'DELETE', `/api/v1/beneficiaries/${james.id}`);
    expect(res.statusCode, res.body).toBe(200);

    expect(await get(scheduled.id)).toMatchObject({
      status: 'draft',
      dueAt: null,
      recipient: null,
      waitingFor: 'Choose a new recipient: the beneficiary was removed',
      deliveryInWords: "On the recipient's next birthday — date of birth not known yet",
    });
    expect(await get(draft.id)).toMatchObject({ status: 'draft', recipient: null });
    expect(await get(delivered.id)).toMatchObject({ status: 'delivered', recipient: null, waitingFor: null });

    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.link, '/estate-owner/messages')))
      .orderBy(notifications.createdAt);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(note).toBeDefined();
    expect(notes.map((n) => n.message)).toContainEqual(
      'You removed James from your beneficiaries: “For your fortieth” is no longer scheduled and went back to draft. Choose a new recipient under Messages.',
    );
    const mail = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'margaret@example.com'));
    expect(mail.map((m) => m.text).join('\n')).toContain('For your fortieth');

    // Nothing goes out for it, even long after its time.
    t.clock.set(new Date('2028-06-01T12:00:00Z'));
    try {
      await deliverDueFutureMessages({ ...t.app.deps, actor: null, meta: { ip: '', userAgent: 'test' } });
      const [row] = await t.db.select().from(futureMessages).where(eq(futureMessages.id, scheduled.id));
      expect(row).toMatchObject({ status: 'draft', deliveredAt: null });
    } finally {
      t.clock.set(NOW);
    }
  });

  it('lets the owner address the draft to someone else and schedule it again', async () => {
    const lucy = await addRecipient('Lucy', '1999-07-07');
    const mia = await addRecipient('Mia', '2001-02-02');
    const message = await schedule(compose(lucy.id));
    expect((await injectAs(t, ownerS, 'DELETE', `/api/v1/beneficiaries/${lucy.id}`)).statusCode).toBe(200);
    const again = await injectAs(t, ownerS, 'PUT', `/api/v1/future-messages/${message.id}`, compose(mia.id));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'scheduled', recipient: { name: 'Mia Ellis' }, dueAt: '2027-02-02T09:00:00.000Z' });
  });

  it('a removal that fails changes no message', async () => {
    const nora = await addRecipient('Nora', '1980-10-10');
    const message = await schedule(compose(nora.id));
    // another owner's session: 404, and Nora's letter stays scheduled
    expect((await injectAs(t, otherS, 'DELETE', `/api/v1/beneficiaries/${nora.id}`)).statusCode).toBe(404);
    expect(await get(message.id)).toMatchObject({ status: 'scheduled', recipient: { name: 'Nora Ellis' } });
    expect((await t.db.select().from(beneficiaries).where(eq(beneficiaries.id, nora.id))).length).toBe(1);
    const [row] = await t.db.select().from(futureMessages).where(eq(futureMessages.id, message.id));
    expect(row!.recipientId).toBe(nora.id);
  });
});
