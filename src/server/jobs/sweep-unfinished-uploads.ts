import { z } from 'zod';
import { sweepOrphans } from '../storage/stored-files.ts';
import { defineJob } from './job.ts';

/**
 * Every hour: remove the debris of crashed or abandoned uploads (pending files rows and temporary
 * blobs older than ORPHAN_AGE_MS). Also runs once at startup (files.routes.ts). Deleting what is
 * already gone is harmless, so two instances may run it at once.
 */
export const sweepUnfinishedUploadsJob = defineJob({
  name: 'sweep-unfinished-uploads',
  payload: z.object({}).strict(),
  every: '17 * * * *',
  handler: async (ctx) => sweepOrphans(ctx),
});
