import { z } from 'zod';
import { zIsoDate } from './common.schemas.ts';
import { ACTIVATION_CONDITIONS, PLANNER_CONTACT_METHODS, PLANNER_TIME_ZONES, PLANNER_VISIBILITY, RELEASE_SCHEDULES } from './constants.ts';
import { DEFAULT_PLANNER_VISIBILITY, PLANNER_VISIBILITY_KEY } from './support-team.schemas.ts';

/** The planner's time zones (wireframe §9) and the IANA zone each one means. */
export const PLANNER_TIME_ZONE_IANA = {
  PT: 'America/Los_Angeles',
  MT: 'America/Denver',
  CT: 'America/Chicago',
  ET: 'America/New_York',
} as const satisfies Record<(typeof PLANNER_TIME_ZONES)[number], string>;
export const PLANNER_TIME_ZONE_LABELS = {
  PT: 'Pacific Time (PT)',
  MT: 'Mountain Time (MT)',
  CT: 'Central Time (CT)',
  ET: 'Eastern Time (ET)',
} as const satisfies Record<(typeof PLANNER_TIME_ZONES)[number], string>;
export type PlannerTimeZone = (typeof PLANNER_TIME_ZONES)[number];

const zPlannerVisibility = z.enum(PLANNER_VISIBILITY, { message: 'Choose Public, Private or Clients Only' });
const zPlannerTimeZone = z.enum(PLANNER_TIME_ZONES, { message: 'Choose PT, MT, CT or ET' });
const zPlannerContactMethod = z.enum(PLANNER_CONTACT_METHODS, { message: 'Choose Email, Phone or In-App Messages' });

/** The keys only an account with the legacy-planner role may set (its planner profile). */
export const PLANNER_SETTING_KEYS = [PLANNER_VISIBILITY_KEY, 'plannerAppointmentEmails', 'plannerTimeZone', 'plannerContactMethod'] as const;

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
  /** Planner: who sees the planner's profile — Public (offered to owners), Clients Only, Private. */
  [PLANNER_VISIBILITY_KEY]: zPlannerVisibility.default(DEFAULT_PLANNER_VISIBILITY),
  /** Planner: email when someone asks for an appointment (the in-app notification is always made). */
  plannerAppointmentEmails: z.boolean().default(true),
  /** Planner: the zone the planner's appointments are shown in. */
  plannerTimeZone: zPlannerTimeZone.default('ET'),
  /** Planner: how clients should reach the planner (shown on the owner's support-team card). */
  plannerContactMethod: zPlannerContactMethod.default('Email'),
});
export type TUserSettings = z.infer<typeof ZUserSettings>;

export const DEFAULT_USER_SETTINGS: TUserSettings = ZUserSettings.parse({});

/** Change some of the toggles; unknown keys are refused. */
export const ZUpdateUserSettingsRequest = z
  .object({
    loginAlerts: z.boolean().optional(),
    beneficiaryActivity: z.boolean().optional(),
    legacyUpdates: z.boolean().optional(),
    [PLANNER_VISIBILITY_KEY]: zPlannerVisibility.optional(),
    plannerAppointmentEmails: z.boolean().optional(),
    plannerTimeZone: zPlannerTimeZone.optional(),
    plannerContactMethod: zPlannerContactMethod.optional(),
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
