import { z } from 'zod';
import { sendDigests } from '../notices/send-digests.ts';
import { defineJob } from './job.ts';

/** Every day at 07:00 UTC: one email/SMS per "Daily digest" user with the notifications they have not seen yet. */
export const sendDailyDigestsJob = defineJob({
  name: 'send-daily-digests',
  payload: z.object({}).strict(),
  every: '0 7 * * *',
  handler: (ctx) => sendDigests(ctx, 'daily'),
});
