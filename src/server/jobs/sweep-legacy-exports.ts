import { z } from 'zod';
import { sweepLegacyExports } from '../modules/legacy-export/sweep-legacy-exports.ts';
import { defineJob } from './job.ts';

/** Every 5 minutes: delete expired archives, fail exports whose job died (see the service). */
export const sweepLegacyExportsJob = defineJob({
  name: 'sweep-legacy-exports',
  payload: z.object({}).strict(),
  every: '*/5 * * * *',
  handler: async (ctx) => sweepLegacyExports(ctx),
});
