import { z } from 'zod';
import { sendInvitationFollowUps } from '../modules/planner-invitations/send-follow-ups.ts';
import { defineJob } from './job.ts';

/** Every 15 minutes: the one reminder of planner invitations unanswered 3 days after sending (ADR 0021). */
export const sendInvitationFollowUpsJob = defineJob({
  name: 'send-invitation-follow-ups',
  payload: z.object({}).strict(),
  every: '*/15 * * * *',
  handler: (ctx) => sendInvitationFollowUps(ctx),
});
