import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DocumentType, TDocument } from '../../../core/documents.schemas.ts';
import { documentFormatOf, SNIPPET_START, SNIPPET_STOP } from '../../../core/documents.schemas.ts';
import { fileUrl } from '../../../core/files.schemas.ts';
import type { Ctx } from '../../context.ts';
import { documents, documentShares } from '../../db/schema/documents.ts';
import { files } from '../../db/schema/files.ts';
import { childRows } from '../../lib/child-rows.ts';
import { cursorTime } from '../../lib/keyset.ts';
import { audienceSizeSql, shareState } from '../../access/sharing.ts';

/** ts_headline options: one short fragment around the match, between the private-use markers. */
const HEADLINE_OPTIONS = `StartSel=${SNIPPET_START}, StopSel=${SNIPPET_STOP}, MaxFragments=1, MaxWords=24, MinWords=10, FragmentDelimiter=" … "`;


/**
 * The fragment of the file's text around the match. When the text does not match (only the title
 * did), ts_headline returns the text's start with no marker, and `keepMatched` drops it.
 */
const headlineOf = (query: SQL): SQL<string | null> =>
  sql<string | null>`case when ${documents.contentText} <> '' then ts_headline('english', ${documents.contentText}, ${query}, ${HEADLINE_OPTIONS}) end`;
const keepMatched = (headline: string | null): string | null => (headline?.includes(SNIPPET_START) ? headline : null);

/** How well a document matches a search, as a real: the title's words weigh more (ADR 0035). */
export const rankOf = (search: SQL): SQL => sql`ts_rank(${documents.searchVector}, ${search})`;

export interface LoadedDocument {
  item: TDocument;
  /** the row's createdAt to the microsecond and its rank in the search ('0' without one), for its cursor */
  at: string;
  rank: string;
}

/**
 * Documents of one estate matching `where` — at most `limit` — with file details and shares, in one
 * statement (the shares as JSON in each row, the audience counted once). With a `search`, each
 * document carries the snippet of its text where the words matched.
 */
export async function loadDocuments(
  ctx: Ctx,
  estateId: string,
  where: SQL | undefined,
  { orderBy = [], limit = 1, search }: { orderBy?: SQL[]; limit?: number; search?: SQL | undefined } = {},
): Promise<LoadedDocument[]> {
  const rows = await ctx.db
    .select({
      doc: {
        id: documents.id,
        title: documents.title,
        type: documents.type,
        mimeType: documents.mimeType,
        size: documents.size,
        folderId: documents.folderId,
        shareAll: documents.shareAll,
        release: documents.release,
        version: documents.version,
        sealed: documents.sealed,
        createdAt: documents.createdAt,
      },
      file: { id: files.id, name: files.originalName, mimeType: files.mimeType, size: files.size },
      shares: childRows<string>(
        sql`${documentShares.beneficiaryId}`,
        sql`from ${documentShares} where ${documentShares.documentId} = ${documents.id}`,
        sql`${documentShares.createdAt}, ${documentShares.beneficiaryId}`,
      ),
      audienceSize: audienceSizeSql(estateId),
      snippet: search ? headlineOf(search) : sql<string | null>`null`,
      at: cursorTime(documents.createdAt),
      rank: search ? sql<string>`${rankOf(search)}::text` : sql<string>`'0'`,
    })
    .from(documents)
    .innerJoin(files, and(eq(files.id, documents.fileId), eq(files.status, 'committed')))
    .where(and(eq(documents.estateId, estateId), where))
    .orderBy(...orderBy)
    .limit(limit);
  return rows.map(({ doc, file, shares, audienceSize, snippet, at, rank }) => ({
    at,
    rank,
    item: {
      id: doc.id,
      title: doc.title,
      type: doc.type as DocumentType,
      format: documentFormatOf(doc.mimeType),
      size: doc.size,
      folderId: doc.folderId,
      file: { ...file, url: fileUrl(file.id) },
      share: shareState(doc, shares, audienceSize),
      version: doc.version,
      sealed: doc.sealed,
      snippet: keepMatched(snippet),
      createdAt: doc.createdAt.toISOString(),
    },
  }));
}
