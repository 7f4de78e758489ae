import { DEFAULT_ESTATE_ADMINISTRATOR_SETTINGS, ZEstateAdministratorSettings, type TEstateAdministratorSettings } from '../../core/lifecycle.schemas.ts';
import type { Deps } from '../context.ts';
import type { Db } from '../db/client.ts';
import { loadSettingsData } from '../notices/notification-settings.ts';

export const ESTATE_ADMINISTRATOR_KEY = 'estateAdmin';

/** One administrator's settings (stored beside their other settings), the defaults filling gaps. */
export async function loadEstateAdministratorSettings(db: Db, userId: string): Promise<TEstateAdministratorSettings> {
  const stored = (await loadSettingsData(db, userId))[ESTATE_ADMINISTRATOR_KEY];
  const parsed = ZEstateAdministratorSettings.safeParse({ ...DEFAULT_ESTATE_ADMINISTRATOR_SETTINGS, ...(typeof stored === 'object' && stored ? stored : {}) });
  return parsed.success ? parsed.data : DEFAULT_ESTATE_ADMINISTRATOR_SETTINGS;
}

/**
 * The rules an estate is verified by, from its administrators' settings: every document any of
 * them requires, and the shortest timeout (the strictest wins when there are several).
 */
export async function verificationRulesOf(deps: Pick<Deps, 'db'>, adminIds: readonly string[]): Promise<TEstateAdministratorSettings> {
  if (!adminIds.length) return DEFAULT_ESTATE_ADMINISTRATOR_SETTINGS;
  const all = await Promise.all(adminIds.map((id) => loadEstateAdministratorSettings(deps.db, id)));
  const order = ['24h', '48h', '72h', '1w'] as const;
  return {
    ...all[0]!,
    requiredDocuments: [...new Set(all.flatMap((s) => s.requiredDocuments))],
    verificationTimeout: order.find((o) => all.some((s) => s.verificationTimeout === o)) ?? DEFAULT_ESTATE_ADMINISTRATOR_SETTINGS.verificationTimeout,
  };
}
