import { and, eq, exists, gte, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { TDocumentList, TDocumentListQuery } from '../../../core/documents.schemas.ts';
import type { Ctx } from '../../context.ts';
import { documentFolders, documents, documentShares } from '../../db/schema/documents.ts';
import { badRequest } from '../../lib/app-error.ts';
import { afterCursor, descending, keysetPage, orderOf } from '../../lib/keyset.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { fullTextQuery, titleOrTextMatches } from '../../lib/title-search.ts';
import { audienceSql } from '../../access/sharing.ts';
import { childRows, subselect } from '../../lib/child-rows.ts';
import { estates } from '../../db/schema/estates.ts';
import { loadDocuments, rankOf } from './document-view.ts';
import { sealRecipientSql } from '../../sealed/seal-recipient.ts';

const nextDay = (isoDate: string) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000);

const OTHER_LIST = 'Not a cursor of this list: start from the first page';

/**
 * One page of the owner's documents, newest first by (createdAt, id) — a search: best match first by
 * (rank, createdAt, id), with snippets — with live category counts and folders (counted over all
 * documents, whatever the search) and the beneficiaries to share with.
 */
export async function listDocuments(ctx: Ctx, query: TDocumentListQuery): Promise<TDocumentList> {
  const estateId = ownEstateId(ctx);
  const conditions: (SQL | undefined)[] = [];
  const search = query.q ? fullTextQuery(query.q) : undefined;
  // A search is ranked (title words weigh more than body words, ADR 0035), then newest first.
  const order = search ? descending(rankOf(search), documents.createdAt, documents.id) : descending(documents.createdAt, documents.id);
  if (query.cursor && query.cursor.length !== order.length) throw badRequest(OTHER_LIST, { cursor: OTHER_LIST });
  if (query.q) conditions.push(titleOrTextMatches(documents.searchVector, documents.title, query.q));
  if (query.type) conditions.push(eq(documents.type, query.type));
  if (query.folderId) conditions.push(eq(documents.folderId, query.folderId));
  if (query.from) conditions.push(gte(documents.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(documents.createdAt, nextDay(query.to)));
  const sharedRow = (beneficiaryId?: string) =>
    exists(
      ctx.db
        .select({ one: sql`1` })
        .from(documentShares)
        .where(and(eq(documentShares.documentId, documents.id), beneficiaryId ? eq(documentShares.beneficiaryId, beneficiaryId) : undefined)),
    );
  if (query.sharedWith === 'nobody') conditions.push(and(eq(documents.shareAll, false), not(sharedRow())));
  else if (query.sharedWith) conditions.push(or(eq(documents.shareAll, true), sharedRow(query.sharedWith)));

  const filtered = conditions.some(Boolean);
  // Two statements in one round trip: the screen's figures, and the page.
  const [[figures], rows] = await Promise.all([
    ctx.db
      .select({
        audience: audienceSql(estateId),
        // One pass over the estate's documents gives every count the screen shows: per type and per folder.
        tally: childRows<{ type: string; folderId: string | null; n: number }>(
          sql`json_build_object('type', t.type, 'folderId', t.folder_id, 'n', t.n)`,
          sql`from (select ${documents.type} as type, ${documents.folderId} as folder_id, count(*) as n from ${documents}
                    where ${documents.estateId} = ${estateId} group by ${documents.type}, ${documents.folderId}) t`,
        ),
        folders: childRows<{ id: string; name: string }>(
          sql`json_build_object('id', ${documentFolders.id}, 'name', ${documentFolders.name})`,
          sql`from ${documentFolders} where ${documentFolders.estateId} = ${estateId}`,
          sql`${documentFolders.name}`,
        ),
        // "N documents" of this search and filters: the rows the pages walk through. A document row is
        // written in the same transaction that commits its file, so no join to `files` is needed here.
        matching: filtered
          ? subselect(sql<number>`(select count(*) from ${documents} where ${and(eq(documents.estateId, estateId), ...conditions)})`).mapWith(Number)
          : sql<null>`null`,
        seal: sealRecipientSql(estateId),
      })
      .from(estates)
      .where(eq(estates.id, estateId)),
    loadDocuments(ctx, estateId, and(...conditions, afterCursor(order, query.cursor)), {
      orderBy: orderOf(order),
      limit: query.limit + 1,
      search,
    }),
  ]);
  if (!figures) throw new Error(`estate ${estateId} is gone`);
  const { audience, tally, folders, matching, seal } = figures;
  // A beneficiary of another estate is nobody here: nothing is shared with them.
  const outsider = query.sharedWith && query.sharedWith !== 'nobody' && !audience.some((b) => b.id === query.sharedWith);
  const { page, nextCursor } = keysetPage(outsider ? [] : rows, query.limit, (r) => (search ? [r.rank, r.at, r.item.id] : [r.at, r.item.id]));
  const sum = (keep: (row: (typeof tally)[number]) => boolean) => tally.reduce((total, row) => (keep(row) ? total + Number(row.n) : total), 0);
  const all = sum(() => true);
  return {
    items: page.map((r) => r.item),
    nextCursor,
    total: outsider ? 0 : (matching ?? all),
    counts: {
      all,
      legal: sum((r) => r.type === 'legal'),
      financial: sum((r) => r.type === 'financial'),
      personal: sum((r) => r.type === 'personal'),
      other: sum((r) => r.type === 'other'),
    },
    folders: folders.map((f) => ({ id: f.id, name: f.name, count: sum((r) => r.folderId === f.id) })),
    beneficiaries: audience,
    seal,
  };
}
