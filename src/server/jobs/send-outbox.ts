import { z } from 'zod';
import { defineJob } from './job.ts';

/**
 * Every minute: send the outbox's due mails over SMTP (those written inside a transaction, those
 * whose first attempt failed — retried with backoff up to a maximum — and those whose sender died
 * mid-attempt, once its lease has run out). Rows are leased with SKIP LOCKED, so two instances
 * never send one at the same time. Does nothing without SMTP.
 */
export const sendOutboxJob = defineJob({
  name: 'send-outbox',
  payload: z.object({}).strict(),
  every: '* * * * *',
  handler: (ctx) => ctx.mailer.sendDue(),
});
