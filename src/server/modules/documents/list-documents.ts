import { and, count, desc, eq, exists, gte, ilike, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { TDocumentList, TDocumentListQuery } from '../../../core/documents.schemas.ts';
import type { Ctx } from '../../context.ts';
import { documentFolders, documents, documentShares } from '../../db/schema/documents.ts';
import { containsPattern } from '../../lib/like.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { audienceMember, loadAudience } from '../files/sharing.ts';
import { documentQuery, loadDocuments } from './document-view.ts';

const nextDay = (isoDate: string) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000);

/**
 * The owner's documents, newest first (a search: best match first, with snippets), with live category counts and folders (counted over all
 * documents, whatever the search) and the beneficiaries to share with.
 */
export async function listDocuments(ctx: Ctx, query: TDocumentListQuery): Promise<TDocumentList> {
  const estateId = ownEstateId(ctx);
  const conditions: (SQL | undefined)[] = [];
  const search = query.q ? documentQuery(query.q) : undefined;
  if (query.q && search) {
    conditions.push(or(sql`${documents.searchVector} @@ ${search}`, ilike(documents.title, containsPattern(query.q))));
  }
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

  const [audience, byType, folders] = await Promise.all([
    loadAudience(ctx, estateId),
    ctx.db.select({ type: documents.type, n: count() }).from(documents).where(eq(documents.estateId, estateId)).groupBy(documents.type),
    ctx.db
      .select({ id: documentFolders.id, name: documentFolders.name, count: count(documents.id) })
      .from(documentFolders)
      .leftJoin(documents, eq(documents.folderId, documentFolders.id))
      .where(eq(documentFolders.estateId, estateId))
      .groupBy(documentFolders.id, documentFolders.name)
      .orderBy(documentFolders.name),
  ]);
  const outsider = query.sharedWith && query.sharedWith !== 'nobody' && !audience.some((b) => b.id === query.sharedWith);
  const items = outsider
    ? []
    : await loadDocuments(
        ctx,
        estateId,
        and(...conditions),
        audience.length,
        // A search is ranked (title words weigh more than body words, ADR 0035), then newest first.
        [...(search ? [desc(sql`ts_rank(${documents.searchVector}, ${search})`)] : []), desc(documents.createdAt), desc(documents.id)],
        search,
      );
  const n = (type: string) => Number(byType.find((r) => r.type === type)?.n ?? 0);
  return {
    items,
    counts: {
      all: byType.reduce((sum, r) => sum + Number(r.n), 0),
      legal: n('legal'),
      financial: n('financial'),
      personal: n('personal'),
      other: n('other'),
    },
    folders: folders.map((f) => ({ id: f.id, name: f.name, count: Number(f.count) })),
    beneficiaries: audience.map(audienceMember),
  };
}
