import { z } from 'zod';
import { sendPendingNotifications } from '../notices/send-pending-notifications.ts';
import { defineJob } from './job.ts';

/** Every minute: send "Immediately" notifications that could not be sent when they were created (inside a transaction). */
export const sendNotificationsJob = defineJob({
  name: 'send-notifications',
  payload: z.object({}).strict(),
  every: '* * * * *',
  handler: (ctx) => sendPendingNotifications(ctx),
});
