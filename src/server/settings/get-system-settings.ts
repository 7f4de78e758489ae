import { eq, sql } from 'drizzle-orm';
import { DEFAULT_SYSTEM_SETTINGS, ZSystemSettings, type TSystemSettings } from '../../core/system-settings.schemas.ts';
import type { Db } from '../db/client.ts';
import { systemSettings } from '../db/schema/system.ts';

const KEY = 'platform';
const CACHE_MS = 5_000;
const cache = new WeakMap<Db, { at: number; value: TSystemSettings }>();
/**
 * Bumped by every write, after its commit. A read that began before a write may return after the
 * write dropped the cache; it must not put the old value back, so it keeps its value only when no
 * write came between its start and its end.
 */
const writes = new WeakMap<Db, number>();

const withDefaults = (stored: unknown): TSystemSettings => {
  const merged = ZSystemSettings.safeParse({ ...DEFAULT_SYSTEM_SETTINGS, ...((stored as object | null | undefined) ?? {}) });
  return merged.success ? merged.data : DEFAULT_SYSTEM_SETTINGS;
};

/**
 * Platform settings (admin-editable), defaults filled in. Read on every request by the session
 * plugin, so cached for a few seconds per database handle; writers drop the cache.
 */
export async function getSystemSettings(db: Db): Promise<TSystemSettings> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const writesBefore = writes.get(db) ?? 0;
  const [row] = await db.select().from(systemSettings).where(eqKey());
  const value = withDefaults(row?.value);
  if ((writes.get(db) ?? 0) === writesBefore) cache.set(db, { at: Date.now(), value });
  return value;
}

/**
 * The one way to change platform settings: `change` sees the current settings (the row locked, so
 * concurrent writers take turns) and returns the top-level fields to write; the other fields stay as
 * stored, so two admins saving different sections at the same moment both keep their change (ADR
 * 0029). Returns the settings before and the fields written (empty: nothing changed).
 */
export async function updateSystemSettings(
  db: Db,
  change: (current: TSystemSettings) => Partial<TSystemSettings>,
): Promise<{ before: TSystemSettings; written: Partial<TSystemSettings> }> {
  const result = await db.transaction(async (tx) => {
    await tx.insert(systemSettings).values({ key: KEY, value: {}, updatedAt: new Date() }).onConflictDoNothing();
    const [row] = await tx.select().from(systemSettings).where(eqKey()).for('update');
    const before = withDefaults(row?.value);
    const written = change(before);
    if (Object.keys(written).length) {
      await tx
        .update(systemSettings)
        .set({ value: sql`${systemSettings.value} || ${JSON.stringify(written)}::jsonb`, updatedAt: new Date() })
        .where(eqKey());
    }
    return { before, written };
  });
  writes.set(db, (writes.get(db) ?? 0) + 1);
  cache.delete(db);
  return result;
}

/** Write these fields, keep the rest as stored. */
export async function mergeSystemSettings(db: Db, patch: Partial<TSystemSettings>): Promise<void> {
  await updateSystemSettings(db, () => patch);
}

export const SYSTEM_SETTINGS_KEY = KEY;

const eqKey = () => eq(systemSettings.key, KEY);
