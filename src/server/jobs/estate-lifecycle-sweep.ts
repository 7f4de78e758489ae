import { z } from 'zod';
import { sweepEstateLifecycle } from '../lifecycle/sweep-estate-lifecycle.ts';
import { defineJob } from './job.ts';

/**
 * Every 15 minutes: proofs past their verification timeout raise a high-priority alert; estates
 * awaiting activation "On specific date" activate once the date has come; active estates open the
 * release steps their schedule has reached (core/release.ts).
 */
export const estateLifecycleSweepJob = defineJob({
  name: 'estate-lifecycle-sweep',
  payload: z.object({}).strict(),
  every: '*/15 * * * *',
  handler: (ctx) => sweepEstateLifecycle(ctx),
});
