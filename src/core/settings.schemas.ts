import { z } from 'zod';
import { zIsoDate } from './common.schemas.ts';
import { ACTIVATION_CONDITIONS, RELEASE_SCHEDULES } from './constants.ts';

/**
 * Per-user preferences, stored in user_settings.data. Every key has a default, so a user who never
 * saved anything reads the defaults. Other areas add their keys here (with defaults).
 */
export const ZUserSettings = z.object({
  /** Email + notification on a sign-in from a new device. */
  loginAlerts: z.boolean().default(true),
  /** Owner: notify when a beneficiary views or downloads shared content, or accepts an invitation. */
  beneficiaryActivity: z.boolean().default(true),
  /** Owner: news about the estate (reminders, verification, activation). */
  legacyUpdates: z.boolean().default(true),
});
export type TUserSettings = z.infer<typeof ZUserSettings>;

export const DEFAULT_USER_SETTINGS: TUserSettings = ZUserSettings.parse({});

/** Change some of the toggles; unknown keys are refused. */
export const ZUpdateUserSettingsRequest = z
  .object({
    loginAlerts: z.boolean().optional(),
    beneficiaryActivity: z.boolean().optional(),
    legacyUpdates: z.boolean().optional(),
  })
  .strict();
export type TUpdateUserSettingsRequest = z.infer<typeof ZUpdateUserSettingsRequest>;

/** Read stored settings leniently: defaults for anything missing or malformed. */
export function readUserSettings(stored: unknown): TUserSettings {
  const data = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(ZUserSettings.shape) as (keyof TUserSettings)[]) {
    const field = ZUserSettings.shape[key].safeParse(data[key]);
    result[key] = field.success ? field.data : DEFAULT_USER_SETTINGS[key];
  }
  return result as TUserSettings;
}

const activationKeys = Object.keys(ACTIVATION_CONDITIONS) as [keyof typeof ACTIVATION_CONDITIONS, ...(keyof typeof ACTIVATION_CONDITIONS)[]];
const releaseKeys = Object.keys(RELEASE_SCHEDULES) as [keyof typeof RELEASE_SCHEDULES, ...(keyof typeof RELEASE_SCHEDULES)[]];
export const RELEASE_DATES_MAX = 12;

/**
 * The estate's activation condition (wireframe §9, four choices) and content release schedule
 * (three choices). 'specific_date' needs a future date (checked on the server against its clock);
 * 'specific_dates' needs at least one date.
 */
export const ZEstateSettingsRequest = z
  .object({
    activationCondition: z.enum(activationKeys, { message: 'Choose an activation condition' }),
    activationDate: zIsoDate.nullish(),
    releaseSchedule: z.enum(releaseKeys, { message: 'Choose a release schedule' }),
    releaseDates: z.array(zIsoDate).max(RELEASE_DATES_MAX).default([]),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.activationCondition === 'specific_date' && !value.activationDate) {
      ctx.addIssue({ code: 'custom', path: ['activationDate'], message: 'Choose the activation date' });
    }
    if (value.releaseSchedule === 'specific_dates' && value.releaseDates.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['releaseDates'], message: 'Add at least one release date' });
    }
  });
export type TEstateSettingsRequest = z.input<typeof ZEstateSettingsRequest>;
export type TEstateSettingsInput = z.output<typeof ZEstateSettingsRequest>;

export const ZEstateSettings = z.object({
  status: z.string(),
  activationCondition: z.enum(activationKeys),
  activationDate: z.string().nullable(),
  releaseSchedule: z.enum(releaseKeys),
  releaseDates: z.array(z.string()),
  activatedAt: z.string().nullable(),
});
export type TEstateSettings = z.infer<typeof ZEstateSettings>;
