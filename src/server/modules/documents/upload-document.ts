import type { Multipart } from '@fastify/multipart';
import { ZUploadDocumentFields, type TDocument, type TUploadDocumentFields } from '../../../core/documents.schemas.ts';
import type { Ctx } from '../../context.ts';
import { inTransaction } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { badRequest } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { commitFiles } from '../../storage/stored-files.ts';
import { parseFormFields } from '../../lib/form-fields.ts';
import { findOwnFolder } from './find-own-document.ts';
import { getDocument } from './get-document.ts';
import { queueTextExtraction, receiveDocumentFile, withReceivedFile } from './receive-document-file.ts';

const parseFields = (raw: Record<string, string>): TUploadDocumentFields =>
  parseFormFields(ZUploadDocumentFields, { ...raw, ...(raw.folderId === '' ? { folderId: undefined } : {}) }, 'document');

/**
 * Upload Document: fields (title, type, optional folderId) first, then the file, which streams into
 * storage while it is counted (10 MB at most) and judged by its content (PDF, DOC, DOCX). Its text
 * is read for search afterwards, off the request (ADR 0035).
 */
export async function uploadDocument(ctx: Ctx, parts: AsyncIterable<Multipart>): Promise<TDocument> {
  const estateId = ownEstateId(ctx);
  let fields: TUploadDocumentFields | undefined;
  const { raw, file } = await receiveDocumentFile(ctx, estateId, parts, async (raw) => {
    fields = parseFields(raw);
    if (fields.folderId) await findOwnFolder(ctx, fields.folderId);
  });
  if (!file || !fields) {
    parseFields(raw);
    throw badRequest('Choose a file to upload.', { file: 'Choose a PDF, DOC or DOCX file' });
  }
  const input = fields;
  const id = await withReceivedFile(ctx, file, async (stored) => {
    const now = ctx.clock.now();
    return inTransaction(ctx.db, async (tx) => {
      const [doc] = await tx
        .insert(documents)
        .values({
          estateId,
          folderId: input.folderId ?? null,
          title: input.title,
          type: input.type,
          fileId: stored.id,
          size: stored.size,
          mimeType: stored.mimeType,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: documents.id });
      await commitFiles(tx, [stored.id]);
      return doc!.id;
    });
  });
  await audit(ctx, { action: 'document.uploaded', targetType: 'document', targetId: id, details: { type: input.type, size: file.size } });
  await queueTextExtraction(ctx, id);
  return getDocument(ctx, id);
}
