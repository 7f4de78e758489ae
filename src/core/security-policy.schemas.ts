import { z } from 'zod';

const minutes = (what: string, min: number, max: number) =>
  z
    .number({ message: `${what} must be a whole number of minutes` })
    .int({ message: `${what} must be a whole number of minutes` })
    .min(min, { message: `${what} must be at least ${min} minutes` })
    .max(max, { message: `${what} can be at most ${max} minutes (${max / 60} hours)` });

/**
 * The platform's security policy (/admin/security): the part of the system settings an admin sets
 * there. Same bounds as ZSystemSettings, with messages a person can act on.
 */
export const ZSecurityPolicy = z
  .object({
    requireTwoFactor: z.boolean({ message: 'Choose whether two-factor authentication is required' }),
    sessionTimeoutMinutes: minutes('The session timeout', 5, 24 * 60),
    lockout: z
      .object({
        maxFailures: z
          .number({ message: 'The lock-out threshold must be a whole number of attempts' })
          .int({ message: 'The lock-out threshold must be a whole number of attempts' })
          .min(3, { message: 'The lock-out threshold must be at least 3 failed attempts' })
          .max(50, { message: 'The lock-out threshold can be at most 50 failed attempts' }),
        windowMinutes: minutes('The counting window', 1, 24 * 60),
        lockMinutes: minutes('The lock-out duration', 1, 24 * 60),
      })
      .strict(),
  })
  .strict();
export type TSecurityPolicy = z.infer<typeof ZSecurityPolicy>;

export const ZSecurityPolicyView = z.object({
  policy: ZSecurityPolicy,
  /** Active accounts, and how many of them have not turned two-factor on yet. */
  activeUsers: z.number(),
  usersWithoutTwoFactor: z.number(),
});
export type TSecurityPolicyView = z.infer<typeof ZSecurityPolicyView>;
