import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { SendMailOptions } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outboxEmails } from '../db/schema/system.ts';
import { headerSafe } from './headers.ts';

export type OutboxRow = typeof outboxEmails.$inferSelect;

/** What actually speaks SMTP (nodemailer's transport; tests wrap it to die at a chosen moment). */
export interface MailTransport {
  sendMail(mail: SendMailOptions): Promise<unknown>;
}

/** How the outbox is sent: bounded batches, a lease per attempt, exponential backoff, then give up. */
export const OUTBOX_DELIVERY = {
  batch: 20,
  /** Batches one run sends at most (the next run continues). */
  maxBatchesPerRun: 10,
  /** Attempts before a mail is given up (its error stays on the row; next_attempt_at is cleared). */
  maxAttempts: 6,
  /** An attempt holds its row this long: a sender that dies mid-send leaves it to a later run. */
  leaseMs: 5 * 60_000,
  /** Wait after the n-th failure: base · 4^(n-1), at most max (1 min, 4 min, 16 min, ~1 h, ~4 h). */
  retryBaseMs: 60_000,
  retryMaxMs: 6 * 60 * 60_000,
} as const;

export const retryDelayMs = (failures: number) =>
  Math.min(OUTBOX_DELIVERY.retryBaseMs * 4 ** Math.max(0, failures - 1), OUTBOX_DELIVERY.retryMaxMs);

export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  kind: string;
  idempotencyKey?: string | undefined;
}

/**
 * Write one mail to the outbox. `dueAt` is when it may first be sent (null: never — local mode, the
 * outbox is the mailbox). With an idempotency key a second write of the same key adds nothing and
 * returns null, so a sender that runs again after a crash cannot queue the same mail twice.
 */
export async function queueMail(db: Db, mail: QueuedMail, now: Date, dueAt: Date | null): Promise<string | null> {
  const [row] = await db
    .insert(outboxEmails)
    .values({
      to: mail.to,
      subject: headerSafe(mail.subject),
      text: mail.text,
      html: mail.html ?? null,
      kind: mail.kind,
      idempotencyKey: mail.idempotencyKey ?? null,
      nextAttemptAt: dueAt,
      createdAt: now,
    })
    .onConflictDoNothing({ target: outboxEmails.idempotencyKey })
    .returning({ id: outboxEmails.id });
  return row?.id ?? null;
}

/**
 * Lease due, unsent mails (all due ones, or only `ids`): attempts + 1 and next_attempt_at moved a
 * lease ahead, in one statement over rows locked with SKIP LOCKED. A parallel runner skips them;
 * if this sender dies before marking them, they are due again when the lease runs out.
 */
export async function leaseDueMail(db: Db, now: Date, options: { ids?: readonly string[]; limit?: number } = {}): Promise<OutboxRow[]> {
  if (options.ids && options.ids.length === 0) return [];
  const due = and(
    isNull(outboxEmails.sentAt),
    lte(outboxEmails.nextAttemptAt, now),
    options.ids ? inArray(outboxEmails.id, [...options.ids]) : undefined,
  );
  const locked = db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(due)
    .orderBy(asc(outboxEmails.nextAttemptAt))
    .limit(options.limit ?? OUTBOX_DELIVERY.batch)
    .for('update', { skipLocked: true });
  return db
    .update(outboxEmails)
    .set({ attempts: sql`${outboxEmails.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + OUTBOX_DELIVERY.leaseMs) })
    .where(and(inArray(outboxEmails.id, locked), due))
    .returning();
}

/**
 * The Message-ID a mail is sent with: the same on every attempt (from its idempotency key, else its
 * outbox id), so a resend after a crash between SMTP and "mark sent" can be recognised by receivers.
 */
export function messageIdFor(row: Pick<OutboxRow, 'id' | 'idempotencyKey'>, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'heirloom.local';
  const key = row.idempotencyKey;
  const local = key ? (/^[A-Za-z0-9._-]{1,120}$/.test(key) ? key : createHash('sha256').update(key).digest('hex')) : `outbox.${row.id}`;
  return `<${local}@${domain}>`;
}

export interface OutboxSender {
  transport: MailTransport;
  from: string;
  now: () => Date;
  /** Told of every failed attempt (the mailer logs it and counts it for the metrics, ADR 0113). */
  onFailure?: (row: OutboxRow, error: unknown) => void;
}

/** Send leased rows one by one; each is marked sent, or its failure is recorded with the next retry time. */
export async function sendLeased(db: Db, rows: readonly OutboxRow[], sender: OutboxSender): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      await sender.transport.sendMail({
        from: sender.from,
        to: row.to,
        subject: headerSafe(row.subject),
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        messageId: messageIdFor(row, sender.from),
      });
    } catch (error) {
      failed++;
      sender.onFailure?.(row, error);
      const giveUp = row.attempts >= OUTBOX_DELIVERY.maxAttempts;
      await db
        .update(outboxEmails)
        .set({
          error: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
          nextAttemptAt: giveUp ? null : new Date(sender.now().getTime() + retryDelayMs(row.attempts)),
        })
        .where(and(eq(outboxEmails.id, row.id), isNull(outboxEmails.sentAt)));
      continue;
    }
    sent++;
    await db.update(outboxEmails).set({ sentAt: sender.now(), nextAttemptAt: null, error: null }).where(eq(outboxEmails.id, row.id));
  }
  return { sent, failed };
}

/** One run of the outbox: lease and send due mails batch by batch (the send-outbox job). */
export async function sendDueMail(db: Db, sender: OutboxSender): Promise<{ sent: number; failed: number }> {
  const total = { sent: 0, failed: 0 };
  for (let round = 0; round < OUTBOX_DELIVERY.maxBatchesPerRun; round++) {
    const rows = await leaseDueMail(db, sender.now());
    if (!rows.length) break;
    const result = await sendLeased(db, rows, sender);
    total.sent += result.sent;
    total.failed += result.failed;
  }
  return total;
}
