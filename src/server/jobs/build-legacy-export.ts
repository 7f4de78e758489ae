import { z } from 'zod';
import { BUILD_LEGACY_EXPORT_JOB, buildLegacyExport } from '../modules/legacy-export/build-legacy-export.ts';
import { defineJob } from './job.ts';

/** Queued by "Export my legacy": packs one owner's archive (idempotent: a finished or claimed export is skipped). */
export const buildLegacyExportJob = defineJob({
  name: BUILD_LEGACY_EXPORT_JOB,
  payload: z.object({ exportId: z.uuid() }).strict(),
  handler: async (ctx, payload) => buildLegacyExport(ctx, payload.exportId),
});
