import { cancelAccountDeletion } from '../modules/account-deletion/cancel-account-deletion.ts';
import { noteSignInAfterActivation } from '../modules/activation-review/note-sign-in-after-activation.ts';
import { freezeActivationSnapshot } from '../modules/audit-integrity/freeze-activation-snapshot.ts';
import { buildInventory } from '../modules/inventory/build-inventory.ts';
import { checkInOnSignIn } from '../settings/check-in-period.ts';
import { announceIncapacity } from '../modules/incapacity/announce-incapacity.ts';
import { scheduleAfterActivation } from '../modules/future-messages/schedule-after-activation.ts';
import { withdrawAfterActivation } from '../modules/future-messages/withdraw-after-activation.ts';
import { onRecipientRemoving, rescheduleBirthdayMessages } from '../modules/future-messages/recipient-changes.ts';
import { startSafeguards } from '../modules/release-safeguards/start-safeguards.ts';
import { recordSignInDevice } from '../modules/security/login-alert.ts';
import type { EventBus } from './bus.ts';

/** The one place that wires modules' side effects to the events that cause them (publishers never import these). */
export const subscribers: EventBus = {
  // An active estate's owner signing in is news for its administrator and trustees (ADR 0075).
  'session.started': [(ctx, { user }) => noteSignInAfterActivation(ctx, user)],
  'user.signed-in': [
    async (ctx, { user }) => {
      await recordSignInDevice(ctx, user);
    },
    (ctx, { user }) => checkInOnSignIn(ctx, user.id),
    // Signing in during the grace period of "Delete my account" cancels it (the page says so).
    async (ctx, { user, outcome }) => {
      outcome.deletionCancelled = await cancelAccountDeletion(ctx, user.id);
    },
  ],
  'verification.reviewed': [
    // A verified incapacity opens incapacity mode, never activation (ADR 0048).
    async (ctx, { applied }) => {
      if (applied.to === 'incapacity') await announceIncapacity(ctx, applied.estateId, { kind: 'started' }, applied.at);
    },
  ],
  'estate.transitioned': [
    async (ctx, { applied }) => {
      if (applied.to === 'active') await scheduleAfterActivation(ctx, applied.estateId, applied.at);
    },
    async (ctx, { applied }) => {
      if (applied.to === 'active') await freezeActivationSnapshot(ctx.db, applied.estateId, applied.at);
    },
    // The executor's inventory starts from what the owner recorded (issue 28, ADR 0103).
    async (ctx, { applied }) => {
      if (applied.to === 'active') await buildInventory(ctx.db, applied.estateId, applied.at);
    },
    // A mistaken activation reversed (ADR 0075): what activation scheduled or delivered is taken back.
    async (ctx, { applied }) => {
      if (applied.from === 'active') await withdrawAfterActivation(ctx, applied.estateId, applied.at);
    },
  ],
  'estate.reported': [startSafeguards],
  'incapacity.ended': [(ctx, { estateId, step, at }) => announceIncapacity(ctx, estateId, step, at)],
  'beneficiary.removing': [onRecipientRemoving],
  'beneficiary.birthday-changed': [
    async (ctx, { beneficiaryId }) => {
      await rescheduleBirthdayMessages(ctx, beneficiaryId);
    },
  ],
};
