/** The inbox: conversations between users, and owners' letters delivered by the scheduler. */
import { z } from 'zod';
import { zId } from './common.schemas.ts';
import { zCursor, zPageSize } from './keyset.schemas.ts';

export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 10_000;
export const MESSAGE_PREVIEW_CHARS = 140;
/** Conversations per page of the inbox (ADR 0060). */
export const INBOX_PAGE_SIZE = 20;
/** Messages per page of a conversation, newest page first (ADR 0060). */
export const THREAD_PAGE_SIZE = 30;
/** People per answer of the contacts list; narrow with `q` beyond it (ADR 0060). */
export const CONTACTS_PAGE_SIZE = 50;

/** The first characters of a body on one line, for lists. */
export function previewOf(body: string, chars = MESSAGE_PREVIEW_CHARS): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > chars ? `${line.slice(0, chars - 1).trimEnd()}…` : line;
}

export const ZCounterpart = z.object({
  userId: z.string().nullable(),
  name: z.string(),
  initials: z.string(),
  /** "Estate Owner", "Legacy Planner", "Estate Administrator", "Beneficiary" */
  roleLabel: z.string(),
});
export type TCounterpart = z.infer<typeof ZCounterpart>;

export const ZInboxThread = z.object({
  threadId: z.string(),
  subject: z.string(),
  counterpart: ZCounterpart,
  preview: z.string(),
  lastAt: z.string(),
  unread: z.boolean(),
  messageCount: z.number().int(),
  /** letter: an owner's future message delivered to the viewer. */
  kind: z.enum(['letter', 'conversation']),
});
export type TInboxThread = z.infer<typeof ZInboxThread>;

/**
 * One page of conversations, newest activity first; `unreadCount`: the conversations with an unread
 * message to the viewer, over the whole inbox (the same count as /unread-count), not this page.
 */
export const ZInboxList = z.object({ items: z.array(ZInboxThread), nextCursor: z.string().nullable(), unreadCount: z.number().int() });
export type TInboxList = z.infer<typeof ZInboxList>;

/** `cursor`: the latest message of the last conversation shown (its time and id). */
export const ZInboxQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    filter: z.enum(['all', 'unread']).optional(),
    cursor: zCursor(['instant', 'id']).optional(),
    limit: zPageSize(INBOX_PAGE_SIZE),
  })
  .strict();
export type TInboxQuery = z.infer<typeof ZInboxQuery>;

export const ZThreadMessage = z.object({
  id: z.string(),
  fromMe: z.boolean(),
  senderName: z.string(),
  body: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type TThreadMessage = z.infer<typeof ZThreadMessage>;

export const ZThread = z.object({
  threadId: z.string(),
  subject: z.string(),
  counterpart: ZCounterpart,
  kind: z.enum(['letter', 'conversation']),
  /** False when the other side can no longer be written to (e.g. the owner of an active estate). */
  canReply: z.boolean(),
  /** One page of the conversation, oldest first: the newest page, or the one before `cursor`. */
  messages: z.array(ZThreadMessage),
  /** Where the earlier messages start ("Load earlier messages"); null when the first is shown. */
  earlierCursor: z.string().nullable(),
});
export type TThread = z.infer<typeof ZThread>;

/** `cursor`: the earliest message shown, as `earlierCursor` gave it. */
export const ZThreadQuery = z.object({ cursor: zCursor(['instant', 'id']).optional(), limit: zPageSize(THREAD_PAGE_SIZE) }).strict();
export type TThreadQuery = z.infer<typeof ZThreadQuery>;

/** Someone the viewer may write to: an owner they are linked to (while the estate is not active), or that owner's support team. */
export const ZContact = z.object({
  userId: z.string(),
  /** null: not about an estate (Heirloom Support, written to by legacy planners) */
  estateId: z.string().nullable(),
  name: z.string(),
  roleLabel: z.string(),
  /** Whose estate the contact belongs to, e.g. "Margaret Ellis". */
  ownerName: z.string(),
});
export type TContact = z.infer<typeof ZContact>;

/** Contacts whose name contains `q`, in name order, at most `limit` of them. */
export const ZContactQuery = z.object({ q: z.string().trim().max(200).optional(), limit: zPageSize(CONTACTS_PAGE_SIZE) }).strict();
export type TContactQuery = z.infer<typeof ZContactQuery>;

/** `more`: there are other contacts past `limit` — type part of a name (`q`) to find them. */
export const ZContactList = z.object({ items: z.array(ZContact), more: z.boolean() });
export type TContactList = z.infer<typeof ZContactList>;

export const zMessageSubject = z.string().trim().min(1).max(MESSAGE_SUBJECT_MAX);
export const zMessageBody = z.string().trim().min(1).max(MESSAGE_BODY_MAX);

export const ZComposeMessageRequest = z
  .object({
    /** null only for a contact outside any estate (Heirloom Support) */
    estateId: zId.nullable(),
    recipientUserId: zId,
    subject: zMessageSubject,
    body: zMessageBody,
  })
  .strict();
export type TComposeMessageRequest = z.infer<typeof ZComposeMessageRequest>;

export const ZReplyRequest = z.object({ body: zMessageBody }).strict();
export type TReplyRequest = z.infer<typeof ZReplyRequest>;

export const ZUnreadCount = z.object({ unreadCount: z.number().int() });
