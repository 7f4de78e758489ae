import { z } from 'zod';
import { ZConfirmIdentityRequest } from './confirm-identity.schemas.ts';

/** Days between "Delete my account" and the removal; signing in during them cancels it. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

/** Deleting the account always asks for the password, and the two-factor code when it is on. */
export const ZRequestAccountDeletion = ZConfirmIdentityRequest;
export type TRequestAccountDeletion = z.infer<typeof ZRequestAccountDeletion>;

export const ZAccountDeletionScheduled = z.object({
  /** When everything is removed unless the user signs in before. */
  deletionDueAt: z.string(),
});
export type TAccountDeletionScheduled = z.infer<typeof ZAccountDeletionScheduled>;
