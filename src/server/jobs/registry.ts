import { deleteDueAccountsJob } from './delete-due-accounts.ts';
import { buildLegacyExportJob } from './build-legacy-export.ts';
import { deliverDueFutureMessagesJob } from './deliver-due-future-messages.ts';
import { estateLifecycleSweepJob } from './estate-lifecycle-sweep.ts';
import { extractDocumentTextJob } from './extract-document-text.ts';
import { registered, type RegisteredJob } from './job.ts';
import { releaseSafeguardsSweepJob } from './release-safeguards-sweep.ts';
import { remindSettlementDeadlinesJob } from './remind-settlement-deadlines.ts';
import { remindUnverifiedEmailsJob } from './remind-unverified-emails.ts';
import { sendDailyDigestsJob } from './send-daily-digests.ts';
import { sendInvitationFollowUpsJob } from './send-invitation-follow-ups.ts';
import { sendNotificationsJob } from './send-notifications.ts';
import { sendOutboxJob } from './send-outbox.ts';
import { sweepCheckInsJob } from './sweep-check-ins.ts';
import { sendWeeklySummariesJob } from './send-weekly-summaries.ts';
import { sweepLegacyExportsJob } from './sweep-legacy-exports.ts';
import { sweepRateLimitsJob } from './sweep-rate-limits.ts';
import { sweepUnfinishedUploadsJob } from './sweep-unfinished-uploads.ts';

/**
 * Every background job. To add one: create `src/server/jobs/<job-name>.ts` exporting
 * `defineJob({ name, payload, every?, handler })` (see job.ts) and add `registered(yourJob)` here.
 * Names are kebab-case and unique.
 */
export const JOBS: readonly RegisteredJob[] = [
  // Before letter delivery: an estate it activates has its "after activation" letters due in the same run.
  registered(estateLifecycleSweepJob),
  registered(releaseSafeguardsSweepJob),
  registered(deliverDueFutureMessagesJob),
  registered(sendNotificationsJob),
  registered(sendDailyDigestsJob),
  registered(sendWeeklySummariesJob),
  registered(sendInvitationFollowUpsJob),
  // Before the outbox: the beneficiaries' and the user's mail about a deletion goes in the same run.
  registered(deleteDueAccountsJob),
  registered(remindUnverifiedEmailsJob),
  registered(sweepCheckInsJob),
  registered(remindSettlementDeadlinesJob),
  // After the senders above: what they queued in this run goes out in the same run.
  registered(sendOutboxJob),
  registered(sweepUnfinishedUploadsJob),
  registered(extractDocumentTextJob),
  registered(sweepLegacyExportsJob),
  registered(sweepRateLimitsJob),
  // Queued on demand (no schedule): runDue drains it after the periodic ones.
  registered(buildLegacyExportJob),
];
