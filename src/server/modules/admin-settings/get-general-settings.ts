import type { TGeneralSettings } from '../../../core/system-settings.schemas.ts';
import type { Ctx } from '../../context.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';

export async function getGeneralSettings(ctx: Ctx): Promise<TGeneralSettings> {
  const { systemName, defaultTimeZone } = await getSystemSettings(ctx.db);
  return { systemName, defaultTimeZone };
}
