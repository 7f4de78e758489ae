import { eq, sql } from 'drizzle-orm';
import { notificationSettingsFrom, type TNotificationSettings } from '../../core/notifications.schemas.ts';
import type { Db } from '../db/client.ts';
import { userSettings } from '../db/schema/users.ts';

/** The key of user_settings.data that holds notification preferences and delivery settings. */
export const NOTIFICATIONS_KEY = 'notifications';

/** A user's whole settings blob (other areas keep their own keys in it). */
export async function loadSettingsData(db: Db, userId: string): Promise<Record<string, unknown>> {
  const [row] = await db.select({ data: userSettings.data }).from(userSettings).where(eq(userSettings.userId, userId));
  return row?.data ?? {};
}

export async function loadNotificationSettings(db: Db, userId: string): Promise<TNotificationSettings> {
  return notificationSettingsFrom((await loadSettingsData(db, userId))[NOTIFICATIONS_KEY]);
}

/**
 * Sets top-level keys of user_settings.data, merged in the database (`data || patch`) so keys other
 * areas keep there (login alerts, owner toggles, …) are never overwritten by a stale read.
 */
export async function mergeSettingsData(db: Db, userId: string, patch: Record<string, unknown>, now: Date): Promise<void> {
  const json = JSON.stringify(patch);
  await db
    .insert(userSettings)
    .values({ userId, data: patch, updatedAt: now })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { data: sql`coalesce(${userSettings.data}, '{}'::jsonb) || ${json}::jsonb`, updatedAt: now },
    });
}

export async function saveNotificationSettings(db: Db, userId: string, patch: Partial<TNotificationSettings>, now: Date) {
  const next = { ...(await loadNotificationSettings(db, userId)), ...patch };
  await mergeSettingsData(db, userId, { [NOTIFICATIONS_KEY]: next }, now);
  return next;
}
