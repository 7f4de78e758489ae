import { eq } from 'drizzle-orm';
import { DEFAULT_SYSTEM_SETTINGS, ZSystemSettings, type TSystemSettings } from '../../../core/system-settings.schemas.ts';
import type { Db } from '../../db/client.ts';
import { systemSettings } from '../../db/schema/system.ts';

const KEY = 'platform';
const CACHE_MS = 5_000;
const cache = new WeakMap<Db, { at: number; value: TSystemSettings }>();

/**
 * Platform settings (admin-editable), defaults filled in. Read on every request by the session
 * plugin, so cached for a few seconds per database handle; writers call invalidate.
 */
export async function getSystemSettings(db: Db): Promise<TSystemSettings> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const [row] = await db.select().from(systemSettings).where(eqKey());
  const merged = ZSystemSettings.safeParse({ ...DEFAULT_SYSTEM_SETTINGS, ...((row?.value as object | undefined) ?? {}) });
  const value = merged.success ? merged.data : DEFAULT_SYSTEM_SETTINGS;
  cache.set(db, { at: Date.now(), value });
  return value;
}

export async function saveSystemSettings(db: Db, value: TSystemSettings): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ key: KEY, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: new Date() } });
  cache.delete(db);
}

/** After writing the settings row some other way (a partial update in SQL): the next read is fresh. */
export function forgetSystemSettings(db: Db): void {
  cache.delete(db);
}

export const SYSTEM_SETTINGS_KEY = KEY;

const eqKey = () => eq(systemSettings.key, KEY);
