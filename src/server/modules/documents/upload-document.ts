import type { Multipart } from '@fastify/multipart';
import { DOCUMENT_MAX_BYTES, ZUploadDocumentFields, type TDocument, type TUploadDocumentFields } from '../../../core/documents.schemas.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { badRequest } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { commitFiles, discardFiles, storeUpload, type FileRow } from '../../storage/stored-files.ts';
import { parseFormFields } from '../files/form-fields.ts';
import { documentTooLarge, inspectDocument } from './document-content.ts';
import { findOwnFolder } from './find-own-document.ts';
import { getDocument } from './get-document.ts';

const parseFields = (raw: Record<string, string>): TUploadDocumentFields =>
  parseFormFields(ZUploadDocumentFields, { ...raw, ...(raw.folderId === '' ? { folderId: undefined } : {}) }, 'document');

/**
 * Upload Document: fields (title, type, optional folderId) first, then the file, which streams into
 * storage while it is counted (10 MB at most) and judged by its content (PDF, DOC, DOCX).
 */
export async function uploadDocument(ctx: Ctx, parts: AsyncIterable<Multipart>): Promise<TDocument> {
  const estateId = ownEstateId(ctx);
  const raw: Record<string, string> = {};
  let fields: TUploadDocumentFields | undefined;
  let file: FileRow | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw badRequest(`The ${part.fieldname.slice(0, 40)} field is too long.`);
        raw[part.fieldname.slice(0, 40)] = typeof part.value === 'string' ? part.value : '';
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        throw badRequest('Send one file, in the "file" field.', { file: 'One file, please' });
      }
      try {
        fields = parseFields(raw);
        if (fields.folderId) await findOwnFolder(ctx, fields.folderId);
      } catch (error) {
        part.file.resume();
        throw error;
      }
      file = await storeUpload(ctx, {
        estateId,
        uploadedBy: ctx.actor.userId,
        originalName: part.filename || 'document',
        source: part.file,
        maxBytes: DOCUMENT_MAX_BYTES,
        tooLarge: documentTooLarge,
        inspect: inspectDocument,
      });
    }
    if (!file || !fields) {
      parseFields(raw);
      throw badRequest('Choose a file to upload.', { file: 'Choose a PDF, DOC or DOCX file' });
    }
    const stored = file;
    const input = fields;
    const now = ctx.clock.now();
    const id = await ctx.db.transaction(async (tx) => {
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
      await commitFiles(tx as unknown as Db, [stored.id]);
      return doc!.id;
    });
    await audit(ctx, { action: 'document.uploaded', targetType: 'document', targetId: id, details: { type: input.type, size: stored.size } });
    return getDocument(ctx, id);
  } catch (error) {
    if (file) await discardFiles(ctx, [file]).catch(() => undefined);
    throw error;
  }
}
