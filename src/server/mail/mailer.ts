import { PgTransaction } from 'drizzle-orm/pg-core';
import nodemailer from 'nodemailer';
import { inTransaction, type Db } from '../db/client.ts';
import { serverAddress } from '../lib/server-address.ts';
import { leaseDueMail, queueMail, sendDueMail, sendLeased, type MailTransport, type OutboxRow, type OutboxSender } from './outbox.ts';

export interface MailMessage {
  to: string;
  /** One line; control characters and newlines are removed before it is stored or sent. */
  subject: string;
  text: string;
  html?: string;
  /** what kind of mail it is: invitation, login-alert, notification, digest, … */
  kind: string;
}

export interface SendOptions {
  /**
   * The transaction the mail belongs to: its outbox row commits or rolls back with it. Nothing is
   * sent before the commit: inMailTransaction sends it afterwards (else call `sendNow` with the
   * returned id; failing both, the send-outbox job sends it within a minute).
   */
  db?: Db;
  /** One mail per key however often the caller runs (notifications, digests); also its Message-ID. */
  idempotencyKey?: string;
}

export interface Mailer {
  /**
   * Write the mail to the outbox (nothing is lost if SMTP is down); outside a transaction, with SMTP
   * configured, also send it at once. Returns the outbox id, or null when the idempotency key was
   * already queued.
   */
  send(message: MailMessage, options?: SendOptions): Promise<string | null>;
  /** Send these outbox rows now if they are due (after the transaction that wrote them committed). */
  sendNow(ids: readonly (string | null)[]): Promise<void>;
  /** Send every due outbox row: the send-outbox job (retries with backoff, leases, at-least-once). */
  sendDue(): Promise<{ sent: number; failed: number }>;
  /** Attempts the mail server refused or failed since this process started (the metrics, ADR 0113). */
  sendFailures(): number;
  /**
   * Crash tests only (TEST_PAUSE_AFTER_COMMIT, refused in production): awaited after a transaction
   * that queued notices committed and before they are delivered.
   */
  pauseAfterCommit?: () => Promise<void>;
}

/** What a transaction opened by inMailTransaction queued: delivered once it commits. */
interface CommittedNotices {
  mailIds: string[];
  /** Other deliveries (a notification's email), run with the database outside the transaction. */
  deliveries: ((db: Db) => Promise<void>)[];
}
const queuedIn = new WeakMap<object, CommittedNotices>();

/**
 * Deliver something after the transaction `db` commits, when inMailTransaction opened it. Returns
 * false otherwise (not a transaction, or one opened elsewhere): the caller leaves it to its job.
 */
export function afterCommit(db: object, deliver: (db: Db) => Promise<void>): boolean {
  const queue = queuedIn.get(db);
  queue?.deliveries.push(deliver);
  return queue !== undefined;
}

/**
 * The one way a change and the notices it causes are written together (ADR 0077): run `work` in one
 * transaction with `ctx.db` swapped for it (or in the caller's transaction when ctx.db already is
 * one: then the outermost one delivers). Every notification, alert, audit row and mail
 * (`ctx.mailer.send(…, { db: ctx.db, idempotencyKey })`) the change causes is written through that
 * ctx, so it commits with the change or not at all. After the commit they are delivered at once
 * when possible; a failure or a crash before that leaves them to the send-notifications and
 * send-outbox jobs (at least once; the idempotency keys make it once).
 */
export async function inMailTransaction<C extends { db: Db; mailer: Mailer }, T>(ctx: C, work: (txCtx: C) => Promise<T>): Promise<T> {
  if (ctx.db instanceof PgTransaction) return work(ctx);
  const queue: CommittedNotices = { mailIds: [], deliveries: [] };
  const result = await inTransaction(ctx.db, async (tx) => {
    queuedIn.set(tx, queue);
    return work({ ...ctx, db: tx });
  });
  if (!queue.mailIds.length && !queue.deliveries.length) return result;
  await ctx.mailer.pauseAfterCommit?.();
  for (const deliver of queue.deliveries) await deliver(ctx.db);
  await ctx.mailer.sendNow(queue.mailIds);
  return result;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  now: () => Date;
  /** Tests only: speak SMTP through this instead of a transport built from smtpUrl. */
  transport?: MailTransport;
  /** Crash tests only: see Mailer.pauseAfterCommit. */
  pauseAfterCommit?: () => Promise<void>;
  /** Where a failed send is reported (the app's log): the mail server and its error, never its credentials. */
  log?: { warn(details: object, message: string): void };
}

/**
 * Every mail is written to the outbox table first; with SMTP configured it is then sent from there
 * (at once when possible, else by the send-outbox job) and marked sent. Without SMTP the outbox is
 * the local mailbox and nothing is sent. Delivery is at-least-once: a crash between the SMTP server
 * accepting a mail and it being marked sent resends it with the same Message-ID.
 */
export function createMailer(db: Db, options: MailerOptions): Mailer {
  const transport: MailTransport | null =
    options.transport ??
    (options.smtpUrl
      ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 })
      : null);
  let failures = 0;
  const server = options.smtpUrl ? serverAddress(options.smtpUrl, options.smtpUrl.startsWith('smtps:') ? 465 : 587) : 'the test transport';
  // Without this an SMTP outage showed only on the admin dashboard: a warning an operator's log
  // search finds, and heirloom_mail_send_failures_total to alert on.
  const onFailure = (row: OutboxRow, error: unknown) => {
    failures++;
    const words = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300);
    options.log?.warn({ mail: { server, kind: row.kind, outboxId: row.id, attempt: row.attempts } }, `mail not sent: the mail server ${server} failed: ${words}`);
  };
  const sender: OutboxSender | null = transport ? { transport, from: options.from, now: options.now, onFailure } : null;

  const sendNow: Mailer['sendNow'] = async (ids) => {
    const wanted = ids.filter((id): id is string => id !== null);
    if (!sender || !wanted.length) return;
    await sendLeased(db, await leaseDueMail(db, options.now(), { ids: wanted, limit: wanted.length }), sender);
  };

  return {
    async send(message, sendOptions = {}) {
      const target = sendOptions.db ?? db;
      const now = options.now();
      const id = await queueMail(target, { ...message, idempotencyKey: sendOptions.idempotencyKey }, now, sender ? now : null);
      if (id && target instanceof PgTransaction) queuedIn.get(target)?.mailIds.push(id);
      else if (id) await sendNow([id]);
      return id;
    },
    sendNow,
    async sendDue() {
      return sender ? sendDueMail(db, sender) : { sent: 0, failed: 0 };
    },
    sendFailures: () => failures,
    ...(options.pauseAfterCommit ? { pauseAfterCommit: options.pauseAfterCommit } : {}),
  };
}
