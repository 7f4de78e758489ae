import { z } from 'zod';
import { deleteDueAccounts } from '../modules/account-deletion/delete-due-accounts.ts';
import { defineJob } from './job.ts';

/**
 * Every 15 minutes: accounts whose "Delete my account" grace period is over (ctx.clock) are removed
 * with their estate, files and audit trail (one anonymised entry stays), and the beneficiaries told.
 */
export const deleteDueAccountsJob = defineJob({
  name: 'delete-due-accounts',
  payload: z.object({}).strict(),
  every: '*/15 * * * *',
  handler: (ctx) => deleteDueAccounts(ctx),
});
