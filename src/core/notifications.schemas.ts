/**
 * Notifications: what is created (preferences), how it is sent (method, frequency), and the list.
 * Preferences and delivery settings live in `user_settings.data.notifications` (one object, below).
 */
import { z } from 'zod';
import { NOTIFICATION_FREQUENCIES, NOTIFICATION_METHODS } from './constants.ts';
import { timeZoneOffsetMs, wallTimeToUtc } from './time-zones.ts';
import { zCursor } from './keyset.schemas.ts';

/** activity: a beneficiary downloaded something the owner shared (their "beneficiary activity" setting, ADR 0078). */
export const NOTIFICATION_TYPES = ['memory', 'document', 'message', 'estate', 'security', 'activity'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  memory: 'Memories',
  document: 'Documents',
  message: 'Messages',
  estate: 'Estate updates',
  security: 'Security',
  activity: 'Beneficiary activity',
};

export const NOTIFICATION_METHOD_KEYS = Object.keys(NOTIFICATION_METHODS) as [keyof typeof NOTIFICATION_METHODS, ...(keyof typeof NOTIFICATION_METHODS)[]];
export const NOTIFICATION_FREQUENCY_KEYS = Object.keys(NOTIFICATION_FREQUENCIES) as [
  keyof typeof NOTIFICATION_FREQUENCIES,
  ...(keyof typeof NOTIFICATION_FREQUENCIES)[],
];
export type NotificationMethod = (typeof NOTIFICATION_METHOD_KEYS)[number];
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCY_KEYS)[number];
export type DigestFrequency = Exclude<NotificationFrequency, 'immediately'>;

/** Preference checkboxes on the Notifications screen: which notifications are created at all. */
export const PREFERENCE_LABELS = {
  newMemories: 'New memories',
  documentUpdates: 'Document updates',
  newMessages: 'New messages',
} as const;
export type PreferenceKey = keyof typeof PREFERENCE_LABELS;

/** Which preference governs a type; types without one (estate, security, activity) are always created. */
export const PREFERENCE_FOR_TYPE: Partial<Record<NotificationType, PreferenceKey>> = {
  memory: 'newMemories',
  document: 'documentUpdates',
  message: 'newMessages',
};

export const ZNotificationSettings = z.object({
  newMemories: z.boolean(),
  documentUpdates: z.boolean(),
  newMessages: z.boolean(),
  /** Email, SMS or both. */
  method: z.enum(NOTIFICATION_METHOD_KEYS),
  /** Immediately, daily digest or weekly summary. */
  frequency: z.enum(NOTIFICATION_FREQUENCY_KEYS),
  /** Settings toggle "New content notifications": send (email/SMS) new memory and document notifications. */
  newContent: z.boolean(),
  /** Settings toggle "Download notifications": tell me when a file is downloaded with my account. */
  downloads: z.boolean(),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

export const DEFAULT_NOTIFICATION_SETTINGS: TNotificationSettings = {
  newMemories: true,
  documentUpdates: true,
  newMessages: true,
  method: 'email',
  frequency: 'immediately',
  newContent: true,
  downloads: false,
};

/** Stored settings (possibly partial or from an older version) with defaults filled in. */
export function notificationSettingsFrom(stored: unknown): TNotificationSettings {
  const merged = { ...DEFAULT_NOTIFICATION_SETTINGS, ...(typeof stored === 'object' && stored !== null ? stored : {}) };
  const parsed = ZNotificationSettings.safeParse(merged);
  if (parsed.success) return parsed.data;
  // Keep every valid field, reset the broken ones.
  const out = { ...DEFAULT_NOTIFICATION_SETTINGS };
  for (const key of Object.keys(DEFAULT_NOTIFICATION_SETTINGS) as (keyof TNotificationSettings)[]) {
    const field = ZNotificationSettings.shape[key].safeParse((merged as Record<string, unknown>)[key]);
    if (field.success) (out as Record<string, unknown>)[key] = field.data;
  }
  return out;
}

/** Is a notification of this type created for a user with these settings? */
export function isCreated(settings: TNotificationSettings, type: NotificationType): boolean {
  const key = PREFERENCE_FOR_TYPE[type];
  return key ? settings[key] : true;
}

/** Is a created notification of this type also sent (email/SMS)? New-content types follow the "New content notifications" toggle. */
export function isSent(settings: TNotificationSettings, type: NotificationType): boolean {
  if (type === 'memory' || type === 'document') return settings.newContent;
  return true;
}

export const sendsEmail = (method: NotificationMethod) => method === 'email' || method === 'both';
export const sendsSms = (method: NotificationMethod) => method === 'sms' || method === 'both';

export const ZNotificationPreferences = ZNotificationSettings.pick({ newMemories: true, documentUpdates: true, newMessages: true });
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;
export const ZUpdateNotificationPreferencesRequest = ZNotificationPreferences.partial().strict();
export type TUpdateNotificationPreferencesRequest = z.infer<typeof ZUpdateNotificationPreferencesRequest>;

export const ZNotification = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  from: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
  archived: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const NOTIFICATION_VIEWS = ['inbox', 'unread', 'archived'] as const;
export const NOTIFICATIONS_PAGE_DEFAULT = 50;
export const NOTIFICATIONS_PAGE_MAX = 100;
export const ZNotificationsQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    type: z.enum(NOTIFICATION_TYPES).optional(),
    /** inbox: everything not archived (default); unread: not archived and unread; archived. */
    view: z.enum(NOTIFICATION_VIEWS).optional(),
    /** The viewer's IANA time zone, for the "today" counter. */
    tz: z.string().max(64).optional(),
    cursor: zCursor(['instant', 'id']).optional(),
    limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(NOTIFICATIONS_PAGE_DEFAULT),
  })
  .strict();
export type TNotificationsQuery = z.output<typeof ZNotificationsQuery>;
/** The list's query as the browser sends it (the cursor as the server gave it). */
export type TNotificationsParams = Omit<z.input<typeof ZNotificationsQuery>, 'cursor' | 'limit'> & { cursor?: string; limit?: number };

export const ZNotificationCounts = z.object({ unread: z.number().int(), today: z.number().int(), total: z.number().int() });
export type TNotificationCounts = z.infer<typeof ZNotificationCounts>;

export const ZNotificationsList = z.object({
  items: z.array(ZNotification),
  /** give back as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
  counts: ZNotificationCounts,
  preferences: ZNotificationPreferences,
});
export type TNotificationsList = z.infer<typeof ZNotificationsList>;

/** The instant the calendar day containing `now` began in the time zone `tz` (daylight-saving aware). */
export function startOfDayIn(now: Date, tz: string): Date {
  const local = new Date(now.getTime() + timeZoneOffsetMs(now, tz));
  return wallTimeToUtc(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate(), 0, 0, tz);
}
