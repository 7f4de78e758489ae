import type { Multipart } from '@fastify/multipart';
import { sealedDocumentMime, ZUploadDocumentFields, type TDocument, type TUploadDocumentFields } from '../../../core/documents.schemas.ts';
import { currentSealId, sealFileToCurrentSeal } from '../../sealed/seal-item.ts';
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
 * is read for search afterwards, off the request (ADR 0035). A sealed document (`sealTag`, ADR 0099)
 * arrives as an age file the owner's browser made: kept as it came, never read, its type taken from
 * its name; it is kept only while that seal is still the estate's.
 */
export async function uploadDocument(ctx: Ctx, parts: AsyncIterable<Multipart>): Promise<TDocument> {
  const estateId = ownEstateId(ctx);
  let fields: TUploadDocumentFields | undefined;
  const { raw, file } = await receiveDocumentFile(ctx, estateId, parts, async (raw) => {
    fields = parseFields(raw);
    if (fields.folderId) await findOwnFolder(ctx, fields.folderId);
    if (fields.sealTag) await currentSealId(ctx.db, estateId, fields.sealTag);
    return { sealed: Boolean(fields.sealTag) };
  });
  if (!file || !fields) {
    parseFields(raw);
    throw badRequest('Choose a file to upload.', { file: 'Choose a PDF, DOC or DOCX file' });
  }
  const input = fields;
  const sealedMime = input.sealTag ? sealedDocumentMime(file.originalName) : null;
  const id = await withReceivedFile(ctx, file, async (stored) => {
    if (input.sealTag && !sealedMime) throw badRequest('Name the sealed file after the document it holds, ending .pdf.age, .doc.age or .docx.age.', { file: 'A PDF, DOC or DOCX, sealed' });
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
          mimeType: sealedMime ?? stored.mimeType,
          ...(input.sealTag ? { sealed: true, contentText: '' } : {}),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: documents.id });
      await commitFiles(tx, [stored.id]);
      if (input.sealTag) await sealFileToCurrentSeal({ db: tx, clock: ctx.clock }, estateId, input.sealTag, { itemType: 'document', itemId: doc!.id, part: 'file' }, stored);
      return doc!.id;
    });
  });
  await audit(ctx, { action: 'document.uploaded', targetType: 'document', targetId: id, details: { type: input.type, size: file.size, sealed: Boolean(input.sealTag) } });
  if (!input.sealTag) await queueTextExtraction(ctx, id);
  return getDocument(ctx, id);
}
