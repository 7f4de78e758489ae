import { z } from 'zod';

/** How long one "Confirm it's you" lasts on a session before a sensitive action asks again. */
export const IDENTITY_CONFIRMATION_MINUTES = 5;
/** How long a revealed secret stays on screen before it is hidden again. */
export const SECRET_VISIBLE_SECONDS = 30;

/**
 * The user's proof that it is still them: the password, or (with two-factor on) a code from the
 * authenticator app or a recovery code. Which one a purpose needs is decided on the server.
 */
export const ZConfirmIdentityRequest = z
  .object({
    password: z.string().min(1, 'Enter your password').max(1000).optional(),
    code: z.string().trim().min(1, 'Enter the code').max(64).optional(),
  })
  .strict();
export type TConfirmIdentityRequest = z.infer<typeof ZConfirmIdentityRequest>;

export const ZConfirmIdentityStatus = z.object({
  /** With two-factor on, a confirmation asks for a code (and deleting the account for both). */
  twoFactorEnabled: z.boolean(),
  /** Until when this session counts as recently confirmed (null: not confirmed, or it lapsed). */
  confirmedUntil: z.string().nullable(),
  /** Demo mode only: the shared demo accounts' password, so a visitor can try the confirmation. */
  demoPasswordHint: z.string().nullable(),
});
export type TConfirmIdentityStatus = z.infer<typeof ZConfirmIdentityStatus>;
