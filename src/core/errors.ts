/** The one error format every API failure uses (no zod here, so the web bundle stays small). */
export interface TApiError {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  sessionExpired: 'SESSION_EXPIRED',
  forbidden: 'FORBIDDEN',
  csrf: 'CSRF_FAILED',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMedia: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  locked: 'ACCOUNT_LOCKED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  twoFactorRequired: 'TWO_FACTOR_REQUIRED',
  /** The platform requires two-factor; this user must set it up before anything else. */
  twoFactorSetupRequired: 'TWO_FACTOR_SETUP_REQUIRED',
  /** A sensitive action (reveal a secret, delete the account) needs the password / code re-entered: "Confirm it's you". */
  confirmationRequired: 'CONFIRMATION_REQUIRED',
  /** The owner's estate is active: what it holds is kept as it was left and cannot change (ADR 0074). */
  estateFrozen: 'ESTATE_FROZEN',
  /** A sealed item whose seal the trustees' kits have not opened yet (ADR 0099). */
  sealed: 'SEALED',
  /** The database or the file store did not answer in time (ADR 0086): try again shortly. */
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;
