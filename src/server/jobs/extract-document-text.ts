import { z } from 'zod';
import { fillDocumentText } from '../modules/documents/fill-document-text.ts';
import { defineJob } from './job.ts';

/**
 * Fills the search text of uploaded and replaced documents (ADR 0035), off the upload request.
 * Queued with `{ documentId }` right after an upload or a replace commits; every few minutes it
 * also sweeps up any document still waiting (a queue entry lost in a crash, documents made before
 * this job existed). Writing is guarded (still that file, still waiting), so two runs at once are harmless.
 */
export const extractDocumentTextJob = defineJob({
  name: 'extract-document-text',
  payload: z.object({ documentId: z.uuid().optional() }).strict(),
  every: '*/5 * * * *',
  handler: async (ctx, payload) => fillDocumentText(ctx, payload.documentId),
});
