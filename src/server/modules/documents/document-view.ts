import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DocumentType, TDocument } from '../../../core/documents.schemas.ts';
import { documentFormatOf } from '../../../core/documents.schemas.ts';
import { fileUrl } from '../../../core/files.schemas.ts';
import type { Ctx } from '../../context.ts';
import { documents, documentShares } from '../../db/schema/documents.ts';
import { files } from '../../db/schema/files.ts';
import { shareState } from '../files/sharing.ts';

/** Documents of one estate matching `where`, with file details and shares (three queries). */
export async function loadDocuments(ctx: Ctx, estateId: string, where: SQL | undefined, audienceSize: number, orderBy: SQL[] = []): Promise<TDocument[]> {
  const rows = await ctx.db
    .select({ doc: documents, file: files })
    .from(documents)
    .innerJoin(files, and(eq(files.id, documents.fileId), eq(files.status, 'committed')))
    .where(and(eq(documents.estateId, estateId), where))
    .orderBy(...orderBy);
  if (!rows.length) return [];
  const shares = await ctx.db.select().from(documentShares).where(inArray(documentShares.documentId, rows.map((r) => r.doc.id)));
  return rows.map(({ doc, file }) => ({
    id: doc.id,
    title: doc.title,
    type: doc.type as DocumentType,
    format: documentFormatOf(doc.mimeType),
    size: doc.size,
    folderId: doc.folderId,
    file: { id: file.id, name: file.originalName, mimeType: file.mimeType, size: file.size, url: fileUrl(file.id) },
    share: shareState(doc, shares.filter((s) => s.documentId === doc.id).map((s) => s.beneficiaryId), audienceSize),
    createdAt: doc.createdAt.toISOString(),
  }));
}
