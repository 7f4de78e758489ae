import { z } from 'zod';
import { sweepReleaseSafeguards } from '../modules/release-safeguards/sweep-release-safeguards.ts';
import { defineJob } from './job.ts';

/**
 * Every 15 minutes (issue 13, part C): trustees past their response time are passed over and the
 * next in line asked; each owner with a report running is reminded once a day, with a single-use
 * cancel link; each trustee is reminded once a year. Every step is claimed with a guarded UPDATE,
 * so runs at once, or after a missed one, do each thing exactly once.
 */
export const releaseSafeguardsSweepJob = defineJob({
  name: 'release-safeguards-sweep',
  payload: z.object({}).strict(),
  every: '*/15 * * * *',
  handler: (ctx) => sweepReleaseSafeguards(ctx),
});
