import { z } from 'zod';
import { sendDigests } from '../notices/send-digests.ts';
import { defineJob } from './job.ts';

/** Every Monday at 07:00 UTC: one email/SMS per "Weekly summary" user with the notifications they have not seen yet. */
export const sendWeeklySummariesJob = defineJob({
  name: 'send-weekly-summaries',
  payload: z.object({}).strict(),
  every: '0 7 * * 1',
  handler: (ctx) => sendDigests(ctx, 'weekly'),
});
