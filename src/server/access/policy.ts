/**
 * Who may see what (PRODUCT.md §4) — the one place the beneficiary visibility rule lives.
 *
 * A beneficiary (a user linked to an estate through `beneficiaries.user_id`) sees an owner's item
 * only when ALL of these hold:
 *   1. shared: the owner shared it with their beneficiary row, or with all beneficiaries
 *      (or attached it to a future message delivered to them — an explicit share with that person);
 *   2. flag: their access flag for the item's category is on;
 *   3. released: `release = 'now'`, or `release = 'after_activation'` and the estate is `active`
 *      (every release schedule releases at activation for now — docs/decisions/0009-beneficiary-access-policy.md).
 * Everything else is "not found". The rule is expressed as SQL conditions so lists, counts,
 * details and file downloads are all filtered by the database with the same predicate; a flag
 * turned off or a share removed takes effect on the very next query.
 *
 * Every function takes the viewer's user id; conditions refer to the outer query's table by name
 * (`memories`, `documents`, `future_messages`), so use them in queries over that table, unaliased.
 */
import { and, eq, exists, isNotNull, not, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { documentShares, documents } from '../db/schema/documents.ts';
import { beneficiaries, estates } from '../db/schema/estates.ts';
import { memories, memoryMedia, memoryShares } from '../db/schema/memories.ts';
import { futureMessageAttachments, futureMessages, messages } from '../db/schema/messages.ts';

/** The viewer's beneficiary row (aliased so it never clashes with an outer query's tables). */
const b = alias(beneficiaries, 'acc_b');
/** The estate of that row, for the release condition. */
const e = alias(estates, 'acc_e');
/** Future messages seen from inside an access subquery (attachments). */
const fm = alias(futureMessages, 'acc_fm');

export const RELEASE = { now: 'now', afterActivation: 'after_activation' } as const;
/** The estate status at which after-activation content is released. */
export const RELEASED_STATUS = 'active';

/** Condition 3: `now` at once; `after_activation` once the estate is active. Anything else: never. */
export function releasedSql(release: PgColumn, estateStatus: PgColumn): SQL {
  return or(eq(release, RELEASE.now), and(eq(release, RELEASE.afterActivation), eq(estateStatus, RELEASED_STATUS)))!;
}

/** Pure form of the same rule (for explanations and unit tests; queries use `releasedSql`). */
export function isReleased(release: string, estateStatus: string): boolean {
  return release === RELEASE.now || (release === RELEASE.afterActivation && estateStatus === RELEASED_STATUS);
}

/** Condition 1's third way: attached to a future message delivered to this beneficiary row. */
function attachedToDeliveredMessage(db: Db, itemType: 'memory' | 'document', itemId: PgColumn): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(futureMessageAttachments)
      .innerJoin(fm, eq(fm.id, futureMessageAttachments.futureMessageId))
      .where(
        and(
          eq(futureMessageAttachments.itemType, itemType),
          eq(futureMessageAttachments.itemId, itemId),
          eq(fm.recipientId, b.id),
          eq(fm.status, 'delivered'),
        ),
      ),
  );
}

/** The viewer's beneficiary rows of the outer item's estate, with the estate joined. */
function viewerRows(db: Db, userId: string, itemEstateId: PgColumn, grant: SQL) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(b)
      .innerJoin(e, eq(e.id, b.estateId))
      .where(and(eq(b.userId, userId), eq(b.estateId, itemEstateId), grant)),
  );
}

/** A shareable item's columns: the rule is the same for memories and documents. */
interface Shareable {
  kind: 'memory' | 'document';
  id: PgColumn;
  estateId: PgColumn;
  shareAll: PgColumn;
  release: PgColumn;
  /** The viewer's access flag for this category, on their beneficiary row. */
  flag: PgColumn;
  shares: { table: PgTable; itemId: PgColumn; beneficiaryId: PgColumn };
}

/** Shared with the viewer's row (or all, or by a delivered letter) AND their flag on AND released. */
function shareableVisibleSql(db: Db, userId: string, item: Shareable): SQL {
  return viewerRows(
    db,
    userId,
    item.estateId,
    and(
      eq(item.flag, true),
      or(
        eq(item.shareAll, true),
        exists(
          db
            .select({ one: sql`1` })
            .from(item.shares.table)
            .where(and(eq(item.shares.itemId, item.id), eq(item.shares.beneficiaryId, b.id))),
        ),
        attachedToDeliveredMessage(db, item.kind, item.id),
      ),
      releasedSql(item.release, e.status),
    )!,
  );
}

/** Condition over `memories`: the viewer may see this memory. */
export function memoryVisibleSql(db: Db, userId: string): SQL {
  return shareableVisibleSql(db, userId, {
    kind: 'memory',
    id: memories.id,
    estateId: memories.estateId,
    shareAll: memories.shareAll,
    release: memories.release,
    flag: b.accessMemories,
    shares: { table: memoryShares, itemId: memoryShares.memoryId, beneficiaryId: memoryShares.beneficiaryId },
  });
}

/** Condition over `documents`: the viewer may see this document. */
export function documentVisibleSql(db: Db, userId: string): SQL {
  return shareableVisibleSql(db, userId, {
    kind: 'document',
    id: documents.id,
    estateId: documents.estateId,
    shareAll: documents.shareAll,
    release: documents.release,
    flag: b.accessDocuments,
    shares: { table: documentShares, itemId: documentShares.documentId, beneficiaryId: documentShares.beneficiaryId },
  });
}

/**
 * Condition over `future_messages`: an owner's letter the viewer may read — addressed to their
 * beneficiary row (that is its "shared with"), their messages flag on, and delivered (a letter's
 * delivery rule is its release condition: the scheduler delivers it when the rule is met).
 */
export function letterVisibleSql(db: Db, userId: string): SQL {
  return and(
    eq(futureMessages.status, 'delivered'),
    exists(
      db
        .select({ one: sql`1` })
        .from(b)
        .where(and(eq(b.id, futureMessages.recipientId), eq(b.userId, userId), eq(b.accessMessages, true))),
    ),
  )!;
}

/** The thread's first message (a letter's delivery starts its thread), seen from inside the inbox condition. */
const root = alias(messages, 'acc_root');

/**
 * Condition over `messages` (the inbox): the viewer took part (sender or recipient), and when the
 * row — or the first message of its thread — is the delivery of an owner's letter, the viewer either
 * sent it or may read it under the letter rule. So with the messages flag off, a letter thread
 * disappears whole, replies included (nothing of it, not even its subject, remains).
 */
export function inboxMessageVisibleSql(db: Db, userId: string): SQL {
  const readable = (futureMessageId: PgColumn) =>
    exists(db.select({ one: sql`1` }).from(futureMessages).where(and(eq(futureMessages.id, futureMessageId), letterVisibleSql(db, userId))));
  return and(
    or(eq(messages.recipientId, userId), eq(messages.senderId, userId)),
    or(sql`${messages.futureMessageId} is null`, eq(messages.senderId, userId), readable(messages.futureMessageId)),
    notExists(
      db
        .select({ one: sql`1` })
        .from(root)
        .where(
          and(
            eq(root.id, messages.threadId),
            isNotNull(root.futureMessageId),
            sql`${root.senderId} is distinct from ${userId}`,
            not(readable(root.futureMessageId)),
          ),
        ),
    ),
  )!;
}

/** True when the viewer is linked to the estate (the estate page exists for them). */
export async function isLinkedToEstate(db: Db, userId: string, estateId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: beneficiaries.id })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.userId, userId), eq(beneficiaries.estateId, estateId)))
    .limit(1);
  return Boolean(row);
}

/** Single-item checks (for callers outside the beneficiary screens; the screens filter in their queries). */
export async function canSeeMemory(db: Db, userId: string, memoryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: memories.id })
    .from(memories)
    .where(and(eq(memories.id, memoryId), memoryVisibleSql(db, userId)))
    .limit(1);
  return Boolean(row);
}

export async function canSeeDocument(db: Db, userId: string, documentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, documentId), documentVisibleSql(db, userId)))
    .limit(1);
  return Boolean(row);
}

export async function canSeeLetter(db: Db, userId: string, futureMessageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: futureMessages.id })
    .from(futureMessages)
    .where(and(eq(futureMessages.id, futureMessageId), letterVisibleSql(db, userId)))
    .limit(1);
  return Boolean(row);
}

/**
 * A stored file the viewer may download: the file of a visible document, or a file (or its
 * thumbnail) of a visible memory's media. Files of nothing visible are not found.
 */
export function fileVisibleSql(db: Db, userId: string, fileId: string): SQL {
  return or(
    exists(
      db
        .select({ one: sql`1` })
        .from(documents)
        .where(and(eq(documents.fileId, fileId), documentVisibleSql(db, userId))),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(memoryMedia)
        .innerJoin(memories, eq(memories.id, memoryMedia.memoryId))
        .where(
          and(
            or(eq(memoryMedia.fileId, fileId), eq(memoryMedia.thumbnailFileId, fileId)),
            memoryVisibleSql(db, userId),
          ),
        ),
    ),
  )!;
}

/**
 * Who can see an item right now: the user ids of the linked beneficiaries the rule allows.
 * Used to notify exactly the people a share (or an activation) made it visible to.
 */
export async function audienceOf(db: Db, item: { type: 'memory' | 'document'; id: string }): Promise<string[]> {
  const linked = await db
    .select({ userId: beneficiaries.userId })
    .from(beneficiaries)
    .innerJoin(item.type === 'memory' ? memories : documents, eq(item.type === 'memory' ? memories.estateId : documents.estateId, beneficiaries.estateId))
    .where(and(eq(item.type === 'memory' ? memories.id : documents.id, item.id), isNotNull(beneficiaries.userId)));
  const candidates = [...new Set(linked.map((r) => r.userId!))];
  const allowed: string[] = [];
  for (const userId of candidates) {
    const visible = item.type === 'memory' ? await canSeeMemory(db, userId, item.id) : await canSeeDocument(db, userId, item.id);
    if (visible) allowed.push(userId);
  }
  return allowed;
}

/** Linked beneficiary users of an estate (for estate-wide notices such as status changes). */
export async function linkedUsersOf(db: Db, estateId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: beneficiaries.userId })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.estateId, estateId), isNotNull(beneficiaries.userId)));
  return [...new Set(rows.map((r) => r.userId!))];
}
