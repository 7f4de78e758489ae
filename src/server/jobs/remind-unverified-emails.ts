import { z } from 'zod';
import { remindUnverifiedAccounts } from '../modules/account-links/remind-unverified.ts';
import { defineJob } from './job.ts';

/** Hourly: remind accounts whose email address is still unverified (at most once a week each). */
export const remindUnverifiedEmailsJob = defineJob({
  name: 'remind-unverified-emails',
  payload: z.object({}).strict(),
  every: '17 * * * *',
  handler: (ctx) => remindUnverifiedAccounts(ctx),
});
