import { eq } from 'drizzle-orm';
import { PLANNER_SETTING_KEYS, type TUpdateUserSettingsRequest, type TUserSettings } from '../../../core/settings.schemas.ts';
import { PLANNER_ROLE } from '../../access/planner-clients.ts';
import type { Ctx } from '../../context.ts';
import { userSettings } from '../../db/schema/users.ts';
import { forbidden } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { loadUserSettings } from '../../settings/load-user-settings.ts';

/**
 * Save some toggles. The stored object is merged, so keys other areas keep in user_settings.data
 * (notification method, planner profile, …) are left alone.
 */
export async function updateUserSettings(ctx: Ctx, input: TUpdateUserSettingsRequest): Promise<TUserSettings> {
  const plannerKeys = PLANNER_SETTING_KEYS.filter((key) => input[key] !== undefined);
  if (plannerKeys.length && !ctx.actor.roles.includes(PLANNER_ROLE)) {
    throw forbidden(`Only a legacy planner has a planner profile: ${plannerKeys.join(', ')} cannot be set on this account.`);
  }
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ data: userSettings.data }).from(userSettings).where(eq(userSettings.userId, ctx.actor.userId)).for('update');
    const data = { ...(row?.data ?? {}), ...input };
    await tx
      .insert(userSettings)
      .values({ userId: ctx.actor.userId, data, updatedAt: now })
      .onConflictDoUpdate({ target: userSettings.userId, set: { data, updatedAt: now } });
  });
  await audit(ctx, { action: 'settings.updated', details: { ...input } });
  return loadUserSettings(ctx, ctx.actor.userId);
}
