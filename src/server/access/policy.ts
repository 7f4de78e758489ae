/**
 * Who may see what (PRODUCT.md §4) — the one place the beneficiary visibility rule lives.
 *
 * A beneficiary (a user linked to an estate through `beneficiaries.user_id`) sees an owner's item
 * only when ALL of these hold:
 *   1. shared: the owner shared it with their beneficiary row, or with all beneficiaries
 *      (or attached it to a future message delivered to them — an explicit share with that person);
 *   2. flag: their access flag for the item's category is on;
 *   3. released: `release = 'now'`, or `release = 'after_activation'`, the estate is `active` and the
 *      owner's release schedule has reached the item's category (core/release.ts, ADR 0019).
 * Incapacity mode (ADR 0048) adds one more way, and only while the estate's status is `incapacity`:
 * a beneficiary the owner chose for that case (incapacity_grants) sees every item of a chosen
 * category that the owner released `now` — shared with them or not, whatever their flag — read-only
 * (no write route accepts a beneficiary). Never an `after_activation` item, and no letter is delivered
 * while the estate is in incapacity mode (letterDeliverableSql). Everyone else: as in planning.
 * Everything else is "not found". The rule is expressed as SQL conditions so lists, counts,
 * details and file downloads are all filtered by the database with the same predicate; a flag
 * turned off or a share removed takes effect on the very next query.
 *
 * Most functions take a `Viewer` (usually the viewer's user id); conditions refer to the outer
 * query's table by name (`memories`, `documents`, `future_messages`), so use them in queries over
 * that table, unaliased. Nothing outside this file decides who sees what: the beneficiary screens,
 * the owner's View Access, share notifications and letter delivery all ask these functions.
 */
import { and, eq, exists, gte, inArray, isNotNull, not, notExists, or, sql, type SQL, type Placeholder } from 'drizzle-orm';
import { releaseStepOf, type ReleaseCategory } from '../../core/release.ts';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { documentShares, documents } from '../db/schema/documents.ts';
import { beneficiaries, estates } from '../db/schema/estates.ts';
import { incapacityGrants } from '../db/schema/incapacity.ts';
import { memories, memoryMedia, memoryShares } from '../db/schema/memories.ts';
import { futureMessageAttachments, futureMessages, messages } from '../db/schema/messages.ts';

/** The viewer's beneficiary row (aliased so it never clashes with an outer query's tables). */
const b = alias(beneficiaries, 'acc_b');
/** The estate of that row, for the release condition. */
const e = alias(estates, 'acc_e');
/** Future messages seen from inside an access subquery (attachments). */
const fm = alias(futureMessages, 'acc_fm');
/** The owner's incapacity-mode choices, seen from inside an access subquery. */
const ig = alias(incapacityGrants, 'acc_ig');

export const RELEASE = { now: 'now', afterActivation: 'after_activation' } as const;
/** The estate status at which after-activation content is released. */
export const RELEASED_STATUS = 'active';
/** The estate status in which the owner's incapacity-mode choices open content (ADR 0048). */
export const INCAPACITY_STATUS = 'incapacity';

/**
 * Condition 3: `now` at once; `after_activation` once the estate is active AND the owner's release
 * schedule has reached the item's category (core/release.ts: the release-steps job advances
 * `estates.release_steps_done`). Anything else: never.
 */
function releasedSql(release: PgColumn, estate: typeof e, category: ReleaseCategory): SQL {
  return or(
    eq(release, RELEASE.now),
    and(eq(release, RELEASE.afterActivation), eq(estate.status, RELEASED_STATUS), gte(estate.releaseStepsDone, releaseStepOf(category))),
  )!;
}

/*
 * PER_ROW: the share and letter-attachment EXISTS carry OFFSET 0, which changes no result but keeps
 * PostgreSQL from planning them as a hash of the whole shares table (what it does with an EXISTS
 * under an OR when it expects many outer rows). A list page or a capped count reads a few dozen rows
 * in index order and stops; each row then costs one primary-key probe instead of hashing every share
 * on the platform (80 ms at 100k shares; bench/explain/shared-100k.md).
 * Written as SQL text because the query builder leaves out a numeric OFFSET 0 altogether.
 */
const PER_ROW = sql`0` as unknown as number;

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
      )
      .offset(PER_ROW), // one index probe per row
  );
}

/**
 * Whose access a condition describes:
 * - a user id — what that person can really open, through every beneficiary row linked to them;
 * - a column holding a user id — the same, correlated with an outer query (see `viewersOf`);
 * - a placeholder for a user id — the same, in a query built once and run with the id (prepared-query.ts);
 * - `{ beneficiaryId }` — one beneficiary row, linked or not (the owner's View Access: what that
 *   person sees, or will see once they accept their invitation).
 */
export type Viewer = string | PgColumn | Placeholder | { beneficiaryId: string };

/** Picks the viewer's rows out of `acc_b`. */
function isViewer(viewer: Viewer): SQL {
  if (typeof viewer === 'object' && 'beneficiaryId' in viewer) return eq(b.id, viewer.beneficiaryId);
  return eq(b.userId, viewer);
}

/** The viewer's beneficiary rows of the outer item's estate, with the estate joined. */
function viewerRows(db: Db, viewer: Viewer, itemEstateId: PgColumn, grant: SQL) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(b)
      .innerJoin(e, eq(e.id, b.estateId))
      .where(and(isViewer(viewer), eq(b.estateId, itemEstateId), grant)),
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

/** Condition 1 for the row `acc_b`: shared with all, with that row, or by a letter delivered to it. */
function sharedWithRow(db: Db, item: Shareable): SQL {
  return or(
    eq(item.shareAll, true),
    exists(
      db
        .select({ one: sql`1` })
        .from(item.shares.table)
        .where(and(eq(item.shares.itemId, item.id), eq(item.shares.beneficiaryId, b.id)))
        .offset(PER_ROW), // one index probe per row
    ),
    attachedToDeliveredMessage(db, item.kind, item.id),
  )!;
}

/**
 * Incapacity mode for the row `acc_b`: its estate is in incapacity mode, the owner chose this person
 * for this category, and the item was released `now` (never an after-activation item).
 */
function incapacityGrantedSql(db: Db, item: Shareable, category: ReleaseCategory): SQL {
  return and(
    eq(e.status, INCAPACITY_STATUS),
    eq(item.release, RELEASE.now),
    exists(
      db
        .select({ one: sql`1` })
        .from(ig)
        .where(and(eq(ig.beneficiaryId, b.id), eq(ig.estateId, b.estateId), eq(ig.category, category))),
    ),
  )!;
}

/**
 * Shared with the viewer's row (or all, or by a delivered letter) AND their flag on AND released —
 * or granted to them for incapacity mode while the estate is in it.
 */
function shareableVisibleSql(db: Db, viewer: Viewer, item: Shareable): SQL {
  const category: ReleaseCategory = item.kind === 'memory' ? 'memories' : 'documents';
  return viewerRows(
    db,
    viewer,
    item.estateId,
    or(and(eq(item.flag, true), sharedWithRow(db, item), releasedSql(item.release, e, category)), incapacityGrantedSql(db, item, category))!,
  );
}

const memoryItem: Shareable = {
  kind: 'memory',
  id: memories.id,
  estateId: memories.estateId,
  shareAll: memories.shareAll,
  release: memories.release,
  flag: b.accessMemories,
  shares: { table: memoryShares, itemId: memoryShares.memoryId, beneficiaryId: memoryShares.beneficiaryId },
};

const documentItem: Shareable = {
  kind: 'document',
  id: documents.id,
  estateId: documents.estateId,
  shareAll: documents.shareAll,
  release: documents.release,
  flag: b.accessDocuments,
  shares: { table: documentShares, itemId: documentShares.documentId, beneficiaryId: documentShares.beneficiaryId },
};

/** Condition over `memories`: the viewer may see this memory now. */
export function memoryVisibleSql(db: Db, viewer: Viewer): SQL {
  return shareableVisibleSql(db, viewer, memoryItem);
}

/** Condition over `documents`: the viewer may see this document now. */
export function documentVisibleSql(db: Db, viewer: Viewer): SQL {
  return shareableVisibleSql(db, viewer, documentItem);
}

/**
 * Condition over the item's table: what the viewer will see once the estate is active and every
 * step of the release schedule has run — conditions 1 and 2 as they stand today, and an item that is
 * released now or after activation (the owner's Release plan counts these, split by `release`).
 */
function shareableOnceReleasedSql(db: Db, viewer: Viewer, item: Shareable): SQL {
  return viewerRows(db, viewer, item.estateId, and(eq(item.flag, true), sharedWithRow(db, item), inArray(item.release, [RELEASE.now, RELEASE.afterActivation]))!);
}

/** Condition over `memories`: the viewer will see it once the estate is active and fully released. */
export function memoryVisibleOnceReleasedSql(db: Db, viewer: Viewer): SQL {
  return shareableOnceReleasedSql(db, viewer, memoryItem);
}

/** Condition over `documents`: the viewer will see it once the estate is active and fully released. */
export function documentVisibleOnceReleasedSql(db: Db, viewer: Viewer): SQL {
  return shareableOnceReleasedSql(db, viewer, documentItem);
}

/**
 * Condition over `memories`: shared with the viewer (condition 1 alone, whatever their flag and the
 * release) — the owner's "shared with this person" count. Visible implies shared.
 */
export function memorySharedWithSql(db: Db, viewer: Viewer): SQL {
  return viewerRows(db, viewer, memories.estateId, sharedWithRow(db, memoryItem));
}

/** Condition over `documents`: shared with the viewer (condition 1 alone). */
export function documentSharedWithSql(db: Db, viewer: Viewer): SQL {
  return viewerRows(db, viewer, documents.estateId, sharedWithRow(db, documentItem));
}

/**
 * The user ids of everyone who may see a memory or document right now (linked beneficiaries the
 * rule allows) — used to notify exactly the people a share made it visible to.
 */
export async function viewersOf(db: Db, item: { kind: 'memory' | 'document'; id: string }): Promise<string[]> {
  const rows =
    item.kind === 'memory'
      ? await db
          .selectDistinct({ userId: beneficiaries.userId })
          .from(beneficiaries)
          .innerJoin(memories, eq(memories.estateId, beneficiaries.estateId))
          .where(and(eq(memories.id, item.id), isNotNull(beneficiaries.userId), memoryVisibleSql(db, beneficiaries.userId)))
      : await db
          .selectDistinct({ userId: beneficiaries.userId })
          .from(beneficiaries)
          .innerJoin(documents, eq(documents.estateId, beneficiaries.estateId))
          .where(and(eq(documents.id, item.id), isNotNull(beneficiaries.userId), documentVisibleSql(db, beneficiaries.userId)));
  return rows.flatMap((r) => (r.userId ? [r.userId] : []));
}

/** A letter's rule without its release: addressed to a row of `who`, whose messages flag is on. */
function letterAddresseeSql(db: Db, who: SQL): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(b)
      .where(and(eq(b.id, futureMessages.recipientId), who, eq(b.accessMessages, true))),
  );
}

/**
 * Condition over `future_messages`: an owner's letter the viewer may read — addressed to their
 * beneficiary row (that is its "shared with"), their messages flag on, and delivered (a letter's
 * delivery rule is its release condition: the scheduler delivers it when the rule is met).
 */
export function letterVisibleSql(db: Db, viewer: Viewer): SQL {
  return and(eq(futureMessages.status, 'delivered'), letterAddresseeSql(db, isViewer(viewer)))!;
}

/**
 * Condition over `future_messages`: its recipient could read it the moment it is delivered — their
 * row is linked to an account and their messages flag is on — and the estate is not in incapacity
 * mode (the owner is alive: no letter goes out; it stays scheduled and goes on the first run after
 * the mode ends). The scheduler delivers only these; the others wait, scheduled, until it holds.
 */
export function letterDeliverableSql(db: Db): SQL {
  return and(
    letterAddresseeSql(db, isNotNull(b.userId)),
    notExists(
      db
        .select({ one: sql`1` })
        .from(e)
        .where(and(eq(e.id, futureMessages.estateId), eq(e.status, INCAPACITY_STATUS))),
    ),
  )!;
}

/** The columns of `messages` (or of an alias of it) the inbox condition reads. */
export type InboxRowColumns = { recipientId: PgColumn; senderId: PgColumn; futureMessageId: PgColumn; threadId: PgColumn };

/** The thread's first message (a letter's delivery starts its thread), seen from inside the inbox condition. */
const root = alias(messages, 'acc_root');

/**
 * Condition over `messages` (the inbox): the viewer took part (sender or recipient), and when the
 * row — or the first message of its thread — is the delivery of an owner's letter, the viewer either
 * sent it or may read it under the letter rule. So with the messages flag off, a letter thread
 * disappears whole, replies included (nothing of it, not even its subject, remains). `m`: the table,
 * or an alias of it when a list compares a row with others of its thread (list-inbox.ts).
 */
export function inboxMessageVisibleSql(db: Db, userId: string, m: InboxRowColumns = messages): SQL {
  const readable = (futureMessageId: PgColumn) =>
    exists(db.select({ one: sql`1` }).from(futureMessages).where(and(eq(futureMessages.id, futureMessageId), letterVisibleSql(db, userId))));
  return and(
    or(eq(m.recipientId, userId), eq(m.senderId, userId)),
    or(sql`${m.futureMessageId} is null`, eq(m.senderId, userId), readable(m.futureMessageId)),
    notExists(
      db
        .select({ one: sql`1` })
        .from(root)
        .where(
          and(
            eq(root.id, m.threadId),
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

/** Linked beneficiary users of an estate (for estate-wide notices such as status changes). */
export async function linkedUsersOf(db: Db, estateId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: beneficiaries.userId })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.estateId, estateId), isNotNull(beneficiaries.userId)));
  return [...new Set(rows.map((r) => r.userId!))];
}
