import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { beneficiaries, estates } from './estates.ts';
import { users } from './users.ts';

/**
 * The computed parts of the future messages' list order, one writing for the index and the queries so
 * that PostgreSQL matches them to future_messages_estate_order_idx: scheduled 0, draft 1, delivered 2;
 * the due time, none as infinity (last).
 */
const messageStatusRank = (status: AnyPgColumn) => sql`(case ${status} when 'scheduled' then 0 when 'draft' then 1 else 2 end)`;
const messageDueKey = (dueAt: AnyPgColumn) => sql`coalesce(${dueAt}, 'infinity'::timestamptz)`;

export const futureMessages = pgTable(
  'future_messages',
  {
    id: id(),
    estateId: uuid('estate_id')
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    /** null once the beneficiary is removed: the message went back to draft (ADR 0042). */
    recipientId: uuid('recipient_id').references(() => beneficiaries.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    /** A sealed letter's body is the fixed SEALED_LETTER_BODY; its words are in sealed_contents (ADR 0098). */
    body: text('body').notNull(),
    sealed: boolean('sealed').notNull().default(false),
    /** on_date | next_birthday | after_activation */
    deliveryRule: text('delivery_rule').notNull(),
    deliverOn: date('deliver_on'),
    daysAfterActivation: integer('days_after_activation'),
    /** draft | scheduled | delivered */
    status: text('status').notNull().default('draft'),
    /** when the scheduler will deliver it (computed from the rule) */
    dueAt: ts('due_at'),
    deliveredAt: ts('delivered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('future_messages_estate_idx').on(t.estateId),
    // the list order (modules/future-messages/list-future-messages.ts), for keyset pages (ADR 0059)
    index('future_messages_estate_order_idx').on(t.estateId, messageStatusRank(t.status), messageDueKey(t.dueAt), t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('future_messages_due_idx').on(t.status, t.dueAt),
    // admin Reports count future messages created per day/week/month (counts only)
    index('future_messages_created_idx').on(t.createdAt),
    // a beneficiary's estate page pages an estate's delivered letters newest first (ADR 0064)
    index('future_messages_estate_delivered_idx').on(t.estateId, t.deliveredAt, t.id).where(sql`${t.status} = 'delivered'`),
  ],
);

export const futureMessageStatusRank = messageStatusRank(futureMessages.status);
export const futureMessageDueKey = messageDueKey(futureMessages.dueAt);

export const futureMessageAttachments = pgTable(
  'future_message_attachments',
  {
    futureMessageId: uuid('future_message_id')
      .notNull()
      .references(() => futureMessages.id, { onDelete: 'cascade' }),
    /** memory | document */
    itemType: text('item_type').notNull(),
    itemId: uuid('item_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.futureMessageId, t.itemType, t.itemId] }),
    // the access policy asks, per memory or document, whether a delivered letter carries it
    index('future_message_attachments_item_idx').on(t.itemId, t.itemType),
  ],
);

/** Inbox messages between users. A thread is the id of its first message. */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    threadId: uuid('thread_id').notNull(),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    estateId: uuid('estate_id').references(() => estates.id, { onDelete: 'cascade' }),
    futureMessageId: uuid('future_message_id').references(() => futureMessages.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_recipient_idx').on(t.recipientId, t.createdAt),
    index('messages_thread_idx').on(t.threadId, t.createdAt),
    index('messages_sender_idx').on(t.senderId, t.createdAt),
    // Keyset order of the inbox (ADR 0060): a thread's newest page, and "no later message in this thread".
    index('messages_thread_order_idx').on(t.threadId, t.createdAt, t.id),
    // The inbox walks the viewer's received and sent messages newest first, ties by id.
    index('messages_recipient_order_idx').on(t.recipientId, t.createdAt, t.id),
    index('messages_sender_order_idx').on(t.senderId, t.createdAt, t.id),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** memory | document | message | estate | security */
    type: text('type').notNull(),
    message: text('message').notNull(),
    fromName: text('from_name').notNull().default(''),
    link: text('link'),
    readAt: ts('read_at'),
    archivedAt: ts('archived_at'),
    /** when it was sent by email/SMS (immediately or in a digest) */
    deliveredAt: ts('delivered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
