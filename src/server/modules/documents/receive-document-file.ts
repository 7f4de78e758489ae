import type { Multipart } from '@fastify/multipart';
import { DOCUMENT_MAX_BYTES } from '../../../core/documents.schemas.ts';
import type { Ctx } from '../../context.ts';
import { badRequest } from '../../lib/app-error.ts';
import { SEALED_FILE_UPLOAD } from '../../sealed/sealed-contents.ts';
import { discardFiles, storeUpload, type FileRow } from '../../storage/stored-files.ts';
import { documentTooLarge, inspectDocument } from './document-content.ts';

/**
 * Reads a document form: text fields first, then one `file` part, which streams into storage
 * (pending) while it is counted (10 MB at most) and judged by its content (PDF, DOC, DOCX).
 * `beforeFile` sees the fields before any byte is stored and refuses by throwing; it answers whether
 * the file is sealed (then it must be an age file, ADR 0099: the server cannot judge what is inside). The caller
 * commits the returned file, or discards it on failure (`withReceivedFile` does both).
 */
export async function receiveDocumentFile(
  ctx: Ctx,
  estateId: string,
  parts: AsyncIterable<Multipart>,
  beforeFile: (raw: Record<string, string>) => Promise<{ sealed: boolean }>,
): Promise<{ raw: Record<string, string>; file: FileRow | undefined }> {
  const raw: Record<string, string> = {};
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
      let sealed: boolean;
      try {
        ({ sealed } = await beforeFile(raw));
      } catch (error) {
        part.file.resume();
        throw error;
      }
      file = await storeUpload(ctx, {
        estateId,
        uploadedBy: ctx.actor.userId,
        originalName: part.filename || 'document',
        source: part.file,
        ...(sealed ? SEALED_FILE_UPLOAD : { maxBytes: DOCUMENT_MAX_BYTES, tooLarge: documentTooLarge, inspect: inspectDocument }),
      });
    }
    return { raw, file };
  } catch (error) {
    if (file) await discardFiles(ctx, [file]).catch(() => undefined);
    throw error;
  }
}

/** Runs `record` with the received file; the file is discarded when `record` fails. */
export async function withReceivedFile<T>(ctx: Ctx, file: FileRow, record: (file: FileRow) => Promise<T>): Promise<T> {
  try {
    return await record(file);
  } catch (error) {
    await discardFiles(ctx, [file]).catch(() => undefined);
    throw error;
  }
}

/** Queues the reading of a document's text (ADR 0035); the sweep catches it up if queuing fails. */
export async function queueTextExtraction(ctx: Ctx, documentId: string): Promise<void> {
  // The document is already saved: a queue failure must not fail the upload. Its text stays
  // NULL ("waiting"), and the job's periodic sweep reads it within minutes.
  await ctx.jobs.enqueue('extract-document-text', { documentId }).catch(() => undefined);
}
