import type { TGeneralSettings } from '../../../core/system-settings.schemas.ts';
import type { Ctx } from '../../context.ts';
import { audit } from '../../lib/audit.ts';
import { getSystemSettings, mergeSystemSettings } from '../../settings/get-system-settings.ts';
import { getGeneralSettings } from './get-general-settings.ts';

/**
 * Save Changes on /admin/settings: the system name and default time zone, merged into the stored
 * settings so the security section (saved by its own screen) is never overwritten (ADR 0029). The
 * settings cache is dropped, so the next request, email and page title use the new name. Audited
 * with what changed.
 */
export async function updateGeneralSettings(ctx: Ctx, input: TGeneralSettings): Promise<TGeneralSettings> {
  const before = await getSystemSettings(ctx.db);
  await mergeSystemSettings(ctx.db, input);
  const changed = (Object.keys(input) as (keyof TGeneralSettings)[]).filter((k) => before[k] !== input[k]);
  await audit(ctx, {
    action: 'system_settings.updated',
    targetType: 'system_settings',
    targetId: 'general',
    details: { changed, ...Object.fromEntries(changed.map((k) => [k, { from: before[k], to: input[k] }])) },
  });
  return getGeneralSettings(ctx);
}
