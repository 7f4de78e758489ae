import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: createdAt(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** dotted verb: auth.sign_in, auth.sign_in_failed, memory.created, digital_asset.secret_revealed, … */
    action: text('action').notNull(),
    estateId: uuid('estate_id'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** Never secrets or personal content. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Tamper evidence (lib/audit-chain.ts, ADR 0045): one hash chain per estate, rows without an
     * estate form the platform chain. `hash` = SHA-256 of the row's canonical fields + `prev_hash`.
     * Null only for rows from before the chain existed, until startup chains them.
     */
    prevHash: text('prev_hash'),
    hash: text('hash'),
    /** Personal fields erased by an account deletion: the row keeps its place and hash in the chain. */
    erased: boolean('erased').notNull().default(false),
  },
  (t) => [
    // The tail of a chain (the previous row of the next append) and the verifier's per-chain reads.
    index('audit_log_chain_idx').on(t.estateId, t.id),
    // Rows not yet chained (from before the chain existed): found at every start-up without a scan.
    index('audit_log_unchained_idx').on(t.id).where(sql`${t.hash} IS NULL`),
    // The Security and Activity Logs page an actor's rows by (at, id), newest first (ADR 0061).
    index('audit_log_actor_at_id_idx').on(t.actorUserId, t.at, t.id),
    index('audit_log_estate_idx').on(t.estateId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
    // The admin Logs screen pages by id, newest first, within an actor or an action (ADR 0029).
    index('audit_log_actor_id_idx').on(t.actorUserId, t.id),
    index('audit_log_action_id_idx').on(t.action, t.id),
  ],
);

export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Every email the app sends; in local mode this is the outbox (viewable in demo mode). */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    error: text('error'),
    /** Set by senders that may retry (notifications, digests): one mail per key, however often they run. */
    idempotencyKey: text('idempotency_key'),
    /** SMTP delivery attempts so far, and when the next may start (also the lease of the attempt in progress). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
  },
  (t) => [
    index('outbox_to_idx').on(t.to, t.createdAt),
    uniqueIndex('outbox_idempotency_key_unique').on(t.idempotencyKey),
    index('outbox_unsent_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} IS NULL`),
    // "Mail last sent" on the admin dashboard's system status.
    index('outbox_sent_idx').on(t.sentAt),
    // admin Reports (system health): mail that failed and was not sent since, per day
    index('outbox_failed_idx').on(t.createdAt).where(sql`${t.error} IS NOT NULL AND ${t.sentAt} IS NULL`),
  ],
);
