import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema/messages.ts';
import { outboxEmails } from '../db/schema/system.ts';
import type { Mailer } from '../mail/mailer.ts';
import { useSmtpTestApp } from '../../../test/factories/smtp-sink.ts';
import { insertBeneficiaryUser } from '../../../test/factories/shared-content.ts';
import { saveNotificationSettings } from './notification-settings.ts';
import { notify } from './notify.ts';
import { sendDigests } from './send-digests.ts';
import { sendPendingNotifications } from './send-pending-notifications.ts';

const { t, smtp } = useSmtpTestApp();

const deps = () => t.app.deps;
const outboxTo = (email: string) => t.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
const rowsOf = (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId));
/** A mailer that dies the moment it is asked to queue the mail: after the claim, before anything is sent. */
const dyingMailer = (): Mailer => ({
  ...deps().mailer,
  send: () => Promise.reject(new Error('sender killed between claim and send')),
});

/** A notification notify() could not send on the spot (created inside a transaction). */
async function pendingNotification(userId: string, message: string) {
  await t.db.transaction(async (tx) => {
    await notify({ ...deps(), db: tx as unknown as Db }, { userId, type: 'message', message });
  });
}

describe('a sender killed between claim and send', () => {
  it('Immediately: the claim rolls back, the next run sends the email once over SMTP, with its key as Message-ID', async () => {
    const user = await insertBeneficiaryUser(t.db);
    await pendingNotification(user.id, 'David Chen sent you a message: Tuesday');

    await expect(sendPendingNotifications({ ...deps(), mailer: dyingMailer() })).rejects.toThrow('killed');
    const [row] = await rowsOf(user.id);
    expect(row!.deliveredAt).toBeNull(); // not lost: still pending
    expect(await outboxTo(user.email)).toEqual([]);

    await deps().jobs.runDue();
    await deps().jobs.runDue();
    const outbox = await outboxTo(user.email);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ idempotencyKey: `notification.${row!.id}`, attempts: 1, error: null });
    expect(outbox[0]!.sentAt).not.toBeNull();
    expect(smtp.to(user.email)).toHaveLength(1);
    expect(smtp.to(user.email)[0]!.messageId).toBe(`<notification.${row!.id}@heirloom.local>`);
    expect((await rowsOf(user.id))[0]!.deliveredAt).not.toBeNull();
  });

  it('Daily digest: the same — nothing claimed by the dead run, one digest afterwards', async () => {
    const user = await insertBeneficiaryUser(t.db);
    await saveNotificationSettings(t.db, user.id, { frequency: 'daily' }, t.clock.now());
    await notify(deps(), { userId: user.id, type: 'message', message: 'first' });
    await notify(deps(), { userId: user.id, type: 'estate', message: 'second' });

    await expect(sendDigests({ ...deps(), mailer: dyingMailer() }, 'daily')).rejects.toThrow('killed');
    expect((await rowsOf(user.id)).map((r) => r.deliveredAt)).toEqual([null, null]);

    expect(await sendDigests(deps(), 'daily')).toMatchObject({ notifications: 2 });
    expect(await sendDigests(deps(), 'daily')).toMatchObject({ notifications: 0 });
    const outbox = await outboxTo(user.email);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.idempotencyKey).toMatch(/^digest\.daily\.[0-9a-f]{40}$/);
    expect(smtp.to(user.email).map((m) => m.subject)).toEqual(['Heirloom daily digest: 2 new notifications']);
  });

  it('killed after the claim committed but before SMTP: the outbox row is durable and the job sends it once', async () => {
    const user = await insertBeneficiaryUser(t.db);
    await pendingNotification(user.id, 'Margaret left you a message');
    // The sender claims and queues (one transaction), then dies before it speaks SMTP.
    const dead: Mailer = { ...deps().mailer, sendNow: () => Promise.reject(new Error('sender killed before SMTP')) };
    await expect(sendPendingNotifications({ ...deps(), mailer: dead })).rejects.toThrow('killed');
    expect((await rowsOf(user.id))[0]!.deliveredAt).not.toBeNull();
    const [queued] = await outboxTo(user.email);
    expect(queued).toMatchObject({ sentAt: null, attempts: 0 });

    await deps().jobs.runDue();
    await deps().jobs.runDue();
    expect(smtp.to(user.email)).toHaveLength(1);
    expect((await outboxTo(user.email))[0]!.sentAt).not.toBeNull();
  });
});
