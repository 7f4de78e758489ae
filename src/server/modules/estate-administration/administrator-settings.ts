import type { TEstateAdministratorSettings } from '../../../core/lifecycle.schemas.ts';
import type { Ctx } from '../../context.ts';
import { audit } from '../../lib/audit.ts';
import { mergeSettingsData } from '../../notices/notification-settings.ts';
import { ESTATE_ADMINISTRATOR_KEY, loadEstateAdministratorSettings } from '../../settings/estate-administrator-settings.ts';

export const getEstateAdministratorSettings = (ctx: Ctx) => loadEstateAdministratorSettings(ctx.db, ctx.actor.userId);

export async function updateEstateAdministratorSettings(ctx: Ctx, input: TEstateAdministratorSettings): Promise<TEstateAdministratorSettings> {
  await mergeSettingsData(ctx.db, ctx.actor.userId, { [ESTATE_ADMINISTRATOR_KEY]: input }, ctx.clock.now());
  await audit(ctx, { action: 'estate_admin.settings_updated', details: { verificationTimeout: input.verificationTimeout, requiredDocuments: input.requiredDocuments.length } });
  return getEstateAdministratorSettings(ctx);
}
