import { z } from 'zod';
import { deliverDueFutureMessages } from '../modules/future-messages/deliver-due-future-messages.ts';
import { defineJob } from './job.ts';

/** Every minute: deliver the future messages whose time has come (by ctx.clock) into their recipients' inboxes. */
export const deliverDueFutureMessagesJob = defineJob({
  name: 'deliver-due-future-messages',
  payload: z.object({}).strict(),
  every: '* * * * *',
  handler: (ctx) => deliverDueFutureMessages(ctx),
});
