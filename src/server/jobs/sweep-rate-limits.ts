import { z } from 'zod';
import { sweepRateLimitCounters } from '../lib/rate-limit-store.ts';
import { defineJob } from './job.ts';

/**
 * Every 10 minutes: delete the request-limit counters whose window has ended (ADR 0085). Windows run
 * on the database's clock, not ctx.clock: they count real requests.
 */
export const sweepRateLimitsJob = defineJob({
  name: 'sweep-rate-limits',
  payload: z.object({}).strict(),
  every: '*/10 * * * *',
  handler: async (ctx) => ({ deleted: await sweepRateLimitCounters(ctx.database) }),
});
