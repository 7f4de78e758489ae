import { z } from 'zod';
import { remindSettlementDeadlines } from '../modules/deadlines/remind-deadlines.ts';
import { defineJob } from './job.ts';

/** Hourly: remind those settling an estate of a deadline within 7 days, and flag overdue ones to its administrator (ADR 0104). */
export const remindSettlementDeadlinesJob = defineJob({
  name: 'remind-settlement-deadlines',
  payload: z.object({}).strict(),
  every: '23 * * * *',
  handler: (ctx) => remindSettlementDeadlines(ctx),
});
