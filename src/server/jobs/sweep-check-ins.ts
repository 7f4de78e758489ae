import { z } from 'zod';
import { sweepCheckIns } from '../modules/check-in/sweep-check-ins.ts';
import { defineJob } from './job.ts';

/**
 * Every 15 minutes: check-in reminders (a month, a week, a day ahead) and missed check-ins (trustees
 * asked, administrator alerted, nothing released), each exactly once per period (ADR 0046).
 */
export const sweepCheckInsJob = defineJob({
  name: 'sweep-check-ins',
  payload: z.object({}).strict(),
  every: '*/15 * * * *',
  handler: (ctx) => sweepCheckIns(ctx),
});
