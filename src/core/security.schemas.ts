import { z } from 'zod';
import { zPassword } from './auth.schemas.ts';
import { PASSWORD_MAX_LENGTH } from './constants.ts';
import { zCursor, zPageSize } from './keyset.schemas.ts';

export const RECOVERY_CODE_COUNT = 10;
/** Security Log and Activity Log: rows a page holds unless `limit` says otherwise (at most PAGE_SIZE_MAX). */
export const SECURITY_LOG_PAGE_SIZE = 20;

/** A 6-digit authenticator code (spaces allowed), or — to turn two-factor off — a recovery code. */
export const zSecondFactorCode = z.string().trim().min(1, { message: 'Enter the code' }).max(32);

export const ZSecurityOverview = z.object({
  twoFactorEnabled: z.boolean(),
  twoFactorEnabledAt: z.string().nullable(),
  recoveryCodesRemaining: z.number(),
});
export type TSecurityOverview = z.infer<typeof ZSecurityOverview>;

export const ZTwoFactorSetup = z.object({
  /** otpauth:// URL the authenticator app reads from the QR code. */
  otpauthUrl: z.string(),
  /** The QR code as a PNG data URL. */
  qrCodeDataUrl: z.string(),
  /** The secret in base32, for typing it in by hand. */
  secret: z.string(),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

export const ZTwoFactorCodeRequest = z.object({ code: zSecondFactorCode }).strict();
export type TTwoFactorCodeRequest = z.infer<typeof ZTwoFactorCodeRequest>;

/** Shown once, when two-factor is turned on. */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

export const ZChangePasswordRequest = z
  .object({
    currentPassword: z.string().min(1, { message: 'Required' }).max(PASSWORD_MAX_LENGTH),
    newPassword: zPassword,
  })
  .strict();
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZChangePasswordResponse = z.object({ ok: z.literal(true), otherSessionsEnded: z.number() });

/** Security Log / Activity Log: newest first, keyset-paged on (at, id) — ?cursor&limit. */
export const ZLogQuery = z.object({ cursor: zCursor(['instant', 'serial']).optional(), limit: zPageSize(SECURITY_LOG_PAGE_SIZE) }).strict();
export type TLogQuery = z.output<typeof ZLogQuery>;

export const ZLogEntry = z.object({
  /** the audit row's id (a bigint, as text) */
  id: z.string(),
  at: z.string(),
  action: z.string(),
  /** The action in words: 'Signed in', 'Two-factor authentication turned on', 'Memory created'. */
  description: z.string(),
  ip: z.string(),
  device: z.string(),
});
export type TLogEntry = z.infer<typeof ZLogEntry>;

export const ZLogPage = z.object({ items: z.array(ZLogEntry), nextCursor: z.string().nullable() });
export type TLogPage = z.infer<typeof ZLogPage>;

export const ZSessionInfo = z.object({
  /** A short public id for the session (never the token or its full hash). */
  id: z.string(),
  device: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export type TSessionInfo = z.infer<typeof ZSessionInfo>;

export const ZAccessOverview = z.object({
  sessions: z.array(ZSessionInfo),
  /** Who can see what: each beneficiary's five access flags (estate owners only; empty otherwise). */
  beneficiaries: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      relationship: z.string(),
      hasAccount: z.boolean(),
      access: z.object({
        memories: z.boolean(),
        documents: z.boolean(),
        messages: z.boolean(),
        beneficiaries: z.boolean(),
        digitalLegacy: z.boolean(),
      }),
    }),
  ),
});
export type TAccessOverview = z.infer<typeof ZAccessOverview>;

export const ZSessionParams = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/, { message: 'Not a session id' }) }).strict();
