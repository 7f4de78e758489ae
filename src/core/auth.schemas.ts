import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { zEmail, zName } from './common.schemas.ts';
import { ROLES } from './roles.ts';

export const zPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: `Use at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { message: `Use at most ${PASSWORD_MAX_LENGTH} characters` });

export const ZSignUpRequest = z
  .object({ name: zName, email: zEmail, password: zPassword })
  .strict();
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

/**
 * The one answer to every sign-up, new address or taken: a link was emailed. A new address gets a
 * confirmation link; the owner of a taken one is told instead (no account enumeration).
 */
export const ZSignUpResponse = z.object({ status: z.literal('check-email'), email: z.string() });
export type TSignUpResponse = z.infer<typeof ZSignUpResponse>;

/** Following the link also asks for the password chosen at sign-up: a link alone (a stranger's sign-up with your address) opens nothing. */
export const ZConfirmSignUpRequest = z
  .object({ token: z.string().trim().min(1, { message: 'Required' }).max(200), password: z.string().min(1, { message: 'Required' }).max(PASSWORD_MAX_LENGTH) })
  .strict();
export type TConfirmSignUpRequest = z.infer<typeof ZConfirmSignUpRequest>;

/** How long the emailed sign-up confirmation link works. */
export const SIGN_UP_LINK_HOURS = 24;
/** Sign-up emails to one address per hour; more requests get the same answer but send nothing. */
export const SIGN_UP_EMAILS_PER_ADDRESS_PER_HOUR = 3;

export const ZSignInRequest = z
  .object({
    email: zEmail,
    password: z.string().min(1, { message: 'Required' }).max(PASSWORD_MAX_LENGTH),
    /** TOTP code or a recovery code, when the account has two-factor on. */
    code: z.string().trim().max(32).optional(),
  })
  .strict();
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

export const ZDemoSignInRequest = z.object({ persona: z.enum(ROLES) }).strict();
export type TDemoSignInRequest = z.infer<typeof ZDemoSignInRequest>;

export const ZSessionUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  initials: z.string(),
  roles: z.array(z.enum(ROLES)),
  estateId: z.string().nullable(),
  /** When the estate this user owns was activated (ISO), null unless it is active: their screens are read-only (ADR 0074). */
  estateActivatedAt: z.string().nullable(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** GET /api/v1/auth/session — who is signed in (user null when nobody), and the app's mode. */
export const ZSessionResponse = z.object({
  user: ZSessionUser.nullable(),
  csrfToken: z.string(),
  demoMode: z.boolean(),
  systemName: z.string(),
  idleTimeoutMinutes: z.number(),
  /** Seconds of inactivity left before the session ends (null when signed out). */
  idleRemainingSeconds: z.number().nullable(),
  /** The platform requires two-factor and this user has not set it up: the app leads them to setup. */
  twoFactorSetupRequired: z.boolean(),
});
export type TSessionResponse = z.infer<typeof ZSessionResponse>;
