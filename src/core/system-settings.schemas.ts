import { z } from 'zod';
import { LOCKOUT, REQUIRED_DOCUMENT_OPTIONS, SESSION_IDLE_TIMEOUT_MINUTES, SYSTEM_TIME_ZONES, VERIFICATION_TIMEOUTS } from './constants.ts';

export const ZSystemSettings = z.object({
  systemName: z.string().trim().min(1).max(80),
  defaultTimeZone: z.enum(SYSTEM_TIME_ZONES),
  requireTwoFactor: z.boolean(),
  sessionTimeoutMinutes: z.number().int().min(5).max(24 * 60),
  lockout: z.object({
    maxFailures: z.number().int().min(3).max(50),
    windowMinutes: z.number().int().min(1).max(24 * 60),
    lockMinutes: z.number().int().min(1).max(24 * 60),
  }),
  verificationTimeout: z.enum(Object.keys(VERIFICATION_TIMEOUTS) as [keyof typeof VERIFICATION_TIMEOUTS]),
  requiredDocuments: z.array(z.enum(REQUIRED_DOCUMENT_OPTIONS)).min(1),
});
export type TSystemSettings = z.infer<typeof ZSystemSettings>;

export const DEFAULT_SYSTEM_SETTINGS: TSystemSettings = {
  systemName: 'Heirloom',
  defaultTimeZone: 'UTC',
  requireTwoFactor: false,
  sessionTimeoutMinutes: SESSION_IDLE_TIMEOUT_MINUTES,
  lockout: { ...LOCKOUT },
  verificationTimeout: '48h',
  requiredDocuments: ['Death Certificate'],
};

/**
 * Settings (/admin/settings): the general section only, so an admin saving it never overwrites the
 * security section another admin saves at the same time (the server merges sections, ADR 0029).
 *   GET /api/v1/admin/settings/general → ZGeneralSettings   read:system-settings:any
 *   PUT /api/v1/admin/settings/general → ZGeneralSettings   update:system-settings:any
 */
export const ZGeneralSettings = z
  .object({
    systemName: z
      .string({ message: 'Enter a system name' })
      .trim()
      .min(1, { message: 'Enter a system name' })
      .max(80, { message: 'Use at most 80 characters' })
      .refine((s) => ![...s].some((c) => c < ' ' || c === '\u007f' || c === '<' || c === '>'), { message: 'Use letters, numbers, spaces and punctuation only (no < or >)' }),
    defaultTimeZone: z.enum(SYSTEM_TIME_ZONES, { message: `Choose one of ${SYSTEM_TIME_ZONES.join(', ')}` }),
  })
  .strict();
export type TGeneralSettings = z.infer<typeof ZGeneralSettings>;
