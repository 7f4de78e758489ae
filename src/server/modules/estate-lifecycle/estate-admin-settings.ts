import { DEFAULT_ESTATE_ADMIN_SETTINGS, ZEstateAdminSettings, type TEstateAdminSettings } from '../../../core/lifecycle.schemas.ts';
import type { Ctx, Deps } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { loadSettingsData, mergeSettingsData } from '../../notices/notification-settings.ts';

export const ESTATE_ADMIN_KEY = 'estateAdmin';

/** One administrator's settings (stored beside their other settings), the defaults filling gaps. */
export async function loadEstateAdminSettings(db: Db, userId: string): Promise<TEstateAdminSettings> {
  const stored = (await loadSettingsData(db, userId))[ESTATE_ADMIN_KEY];
  const parsed = ZEstateAdminSettings.safeParse({ ...DEFAULT_ESTATE_ADMIN_SETTINGS, ...(typeof stored === 'object' && stored ? stored : {}) });
  return parsed.success ? parsed.data : DEFAULT_ESTATE_ADMIN_SETTINGS;
}

export const getEstateAdminSettings = (ctx: Ctx) => loadEstateAdminSettings(ctx.db, ctx.actor.userId);

export async function updateEstateAdminSettings(ctx: Ctx, input: TEstateAdminSettings): Promise<TEstateAdminSettings> {
  await mergeSettingsData(ctx.db, ctx.actor.userId, { [ESTATE_ADMIN_KEY]: input }, ctx.clock.now());
  await audit(ctx, { action: 'estate_admin.settings_updated', details: { verificationTimeout: input.verificationTimeout, requiredDocuments: input.requiredDocuments.length } });
  return getEstateAdminSettings(ctx);
}

/**
 * The rules an estate is verified by, from its administrators' settings: every document any of
 * them requires, and the shortest timeout (the strictest wins when there are several).
 */
export async function verificationRulesOf(deps: Pick<Deps, 'db'>, adminIds: readonly string[]): Promise<TEstateAdminSettings> {
  if (!adminIds.length) return DEFAULT_ESTATE_ADMIN_SETTINGS;
  const all = await Promise.all(adminIds.map((id) => loadEstateAdminSettings(deps.db, id)));
  const order = ['24h', '48h', '72h', '1w'] as const;
  return {
    ...all[0]!,
    requiredDocuments: [...new Set(all.flatMap((s) => s.requiredDocuments))],
    verificationTimeout: order.find((o) => all.some((s) => s.verificationTimeout === o)) ?? DEFAULT_ESTATE_ADMIN_SETTINGS.verificationTimeout,
  };
}
