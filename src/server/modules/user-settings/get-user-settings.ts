import type { TUserSettings } from '../../../core/settings.schemas.ts';
import type { Ctx } from '../../context.ts';
import { loadUserSettings } from '../../settings/load-user-settings.ts';

export function getUserSettings(ctx: Ctx): Promise<TUserSettings> {
  return loadUserSettings(ctx, ctx.actor.userId);
}
