import { z } from 'zod';
import { zPassword } from './auth.schemas.ts';
import { zEmail } from './common.schemas.ts';
import { PASSWORD_MAX_LENGTH } from './constants.ts';

/**
 * Single-use links mailed to a user (emailed_links, ADR 0095): password reset, email verification, and the
 * confirmation of an email change. Only the token's sha256 is stored; the token travels in the
 * link's fragment (`#token`), so it never reaches a server log or a Referer header.
 */
export const ACCOUNT_TOKEN_PURPOSES = ['password-reset', 'email-verify', 'email-change'] as const;
export type TAccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** How long each kind of link works. */
export const ACCOUNT_LINK_MINUTES: Record<TAccountTokenPurpose, number> = {
  'password-reset': 60,
  'email-verify': 3 * 24 * 60,
  'email-change': 24 * 60,
};
/** Links of one purpose mailed to one account per hour; more requests get the same answer but send nothing. */
export const ACCOUNT_LINKS_PER_HOUR = 3;
/** Unverified accounts are reminded once they are this old, and again at most this often. */
export const VERIFICATION_REMINDER_AFTER_DAYS = 3;
export const VERIFICATION_REMINDER_EVERY_DAYS = 7;

/** The web paths the links open (the token after `#`). */
export const RESET_PASSWORD_PATH = '/reset-password';
export const VERIFY_EMAIL_PATH = '/verify-email';

const zToken = z.string().trim().min(1, { message: 'Required' }).max(200);

export const ZForgotPasswordRequest = z.object({ email: zEmail }).strict();
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;
/** The one answer whether or not the address has an account. */
export const ZForgotPasswordResponse = z.object({ status: z.literal('check-email') });
export type TForgotPasswordResponse = z.infer<typeof ZForgotPasswordResponse>;

export const ZResetPasswordRequest = z.object({ token: zToken, password: zPassword }).strict();
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZChangeEmailRequest = z
  .object({ newEmail: zEmail, currentPassword: z.string().min(1, { message: 'Required' }).max(PASSWORD_MAX_LENGTH) })
  .strict();
export type TChangeEmailRequest = z.infer<typeof ZChangeEmailRequest>;
export const ZChangeEmailResponse = z.object({ status: z.literal('check-email'), newEmail: z.string() });
export type TChangeEmailResponse = z.infer<typeof ZChangeEmailResponse>;

/** Following a verification or email-change link. */
export const ZConfirmEmailRequest = z.object({ token: zToken }).strict();
export type TConfirmEmailRequest = z.infer<typeof ZConfirmEmailRequest>;
export const ZConfirmEmailResponse = z.object({ email: z.string(), changed: z.boolean() });
export type TConfirmEmailResponse = z.infer<typeof ZConfirmEmailResponse>;

export const ZSendVerificationResponse = z.object({ status: z.enum(['sent', 'already-verified']) });
export type TSendVerificationResponse = z.infer<typeof ZSendVerificationResponse>;
