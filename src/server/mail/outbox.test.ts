import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { outboxEmails } from '../db/schema/system.ts';
import { useSmtpTestApp } from '../../../test/factories/smtp-sink.ts';
import { insertOwner } from '../../../test/factories/users.ts';
import { injectAs, sessionFor } from '../../../test/helpers.ts';
import { createMailer, type MailMessage } from './mailer.ts';
import { leaseDueMail, OUTBOX_DELIVERY, retryDelayMs } from './outbox.ts';

const { t, smtp } = useSmtpTestApp();

const mailer = () => t.app.deps.mailer;
const unique = (name: string) => `${name}.${Math.random().toString(36).slice(2)}@example.com`;
const message = (to: string, subject = 'Hello'): MailMessage => ({ to, subject, text: 'Body', kind: 'test' });
const outboxTo = (to: string) => t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
/** Queue inside a transaction: written to the outbox, not sent yet (as notifications and invitations do). */
const queueInTransaction = (mail: MailMessage, idempotencyKey?: string) =>
  t.db.transaction((tx) => mailer().send(mail, { db: tx, ...(idempotencyKey ? { idempotencyKey } : {}) }));

describe('the outbox sends over SMTP', () => {
  it('at once outside a transaction (login alerts, invitations …), marked sent; no header injection through the subject', async () => {
    const to = unique('alert');
    await mailer().send(message(to, 'New sign-in\r\nBcc: victim@example.com\u0000'));
    const [row] = await outboxTo(to);
    expect(row).toMatchObject({ subject: 'New sign-in Bcc: victim@example.com', attempts: 1, error: null });
    expect(row!.sentAt).toEqual(t.clock.now());
    const [received] = smtp.to(to);
    expect(received!.subject).toBe('New sign-in Bcc: victim@example.com');
    expect(received!.raw).not.toMatch(/^Bcc:/im);
    expect(smtp.to('victim@example.com')).toEqual([]);
    expect(received!.messageId).toBe(`<outbox.${row!.id}@heirloom.local>`);
  });

  it('an invitation (a user action) still lands in the outbox and the invitee’s mailbox at once', async () => {
    const owner = await insertOwner(t.db, { name: 'Margaret Ellis' });
    const email = unique('grace');
    const res = await injectAs(t, await sessionFor(t, owner), 'POST', '/api/v1/beneficiaries', {
      firstName: 'Grace',
      lastName: 'Ellis',
      relationship: 'Child',
      email,
      phone: '',
    });
    expect(res.statusCode).toBe(201);
    expect((await outboxTo(email))[0]!.sentAt).not.toBeNull();
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('one row per idempotency key, however often it is queued', async () => {
    const to = unique('key');
    expect(await queueInTransaction(message(to), 'test.same-key')).toEqual(expect.any(String));
    expect(await queueInTransaction(message(to), 'test.same-key')).toBeNull();
    await t.app.deps.jobs.runDue();
    expect(await outboxTo(to)).toHaveLength(1);
    expect(smtp.to(to).map((m) => m.messageId)).toEqual(['<test.same-key@heirloom.local>']);
  });

  it('a sender that dies holding the lease: nobody else sends it until the lease runs out, then it is sent once', async () => {
    const to = unique('lease');
    await queueInTransaction(message(to));
    const leased = await leaseDueMail(t.db, t.clock.now()); // …and the sender dies here
    expect(leased.map((r) => r.to)).toContain(to);
    await t.app.deps.jobs.runDue();
    expect(smtp.to(to)).toEqual([]);
    t.clock.advance(OUTBOX_DELIVERY.leaseMs);
    await t.app.deps.jobs.runDue();
    await t.app.deps.jobs.runDue();
    expect(smtp.to(to)).toHaveLength(1);
    expect((await outboxTo(to))[0]).toMatchObject({ attempts: 2, sentAt: t.clock.now() });
  });

  it('killed between SMTP accepting and "mark sent": sent again later with the same Message-ID (at least once)', async () => {
    const to = unique('twice');
    const real = nodemailer.createTransport(smtp.url);
    const dying = createMailer(t.db, {
      smtpUrl: smtp.url,
      from: t.config.mailFrom,
      now: () => t.clock.now(),
      transport: {
        async sendMail(mail) {
          await real.sendMail(mail);
          throw new Error('killed after SMTP accepted');
        },
      },
    });
    const id = await queueInTransaction(message(to), `test.at-least-once.${Math.random().toString(36).slice(2)}`);
    await dying.sendNow([id]);
    expect((await outboxTo(to))[0]).toMatchObject({ sentAt: null, attempts: 1, error: 'killed after SMTP accepted' });

    t.clock.advance(retryDelayMs(1));
    await t.app.deps.jobs.runDue();
    const received = smtp.to(to);
    expect(received).toHaveLength(2);
    expect(received[1]!.messageId).toBe(received[0]!.messageId);
    const rows = await outboxTo(to);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sentAt).not.toBeNull();
  });

  it('a refused mail is retried with growing waits and given up after the maximum attempts', async () => {
    const to = unique('refused');
    smtp.refuse(to);
    await mailer().send(message(to));
    const waits: number[] = [];
    for (;;) {
      const [row] = await outboxTo(to);
      expect(row!.error).toContain('550');
      if (!row!.nextAttemptAt) break;
      waits.push(row!.nextAttemptAt.getTime() - t.clock.now().getTime());
      t.clock.set(row!.nextAttemptAt);
      await t.app.deps.jobs.runDue();
    }
    expect(waits).toEqual([1, 2, 3, 4, 5].map(retryDelayMs));
    expect(waits[1]).toBeGreaterThan(waits[0]!);
    const [row] = await outboxTo(to);
    expect(row).toMatchObject({ attempts: OUTBOX_DELIVERY.maxAttempts, sentAt: null, nextAttemptAt: null });
    t.clock.advance(OUTBOX_DELIVERY.retryMaxMs * 2);
    await t.app.deps.jobs.runDue();
    expect((await outboxTo(to))[0]!.attempts).toBe(OUTBOX_DELIVERY.maxAttempts);
  });

  it('two runners at once send each due mail once', async () => {
    const to = Array.from({ length: 6 }, () => unique('parallel'));
    for (const address of to) await queueInTransaction(message(address));
    const results = await Promise.all([mailer().sendDue(), mailer().sendDue()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBeGreaterThanOrEqual(6);
    for (const address of to) expect(smtp.to(address)).toHaveLength(1);
  });
});
