import { eq } from 'drizzle-orm';
import type { TBeneficiarySettings } from '../../../core/beneficiary-settings.schemas.ts';
import { notificationSettingsFrom } from '../../../core/notifications.schemas.ts';
import { readUserSettings } from '../../../core/settings.schemas.ts';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/app-error.ts';
import { loadSettingsData, NOTIFICATIONS_KEY } from '../../notices/notification-settings.ts';

/** Account Settings as the beneficiary screen shows them: profile, toggles and notification delivery. */
export async function getBeneficiarySettings(ctx: Ctx): Promise<TBeneficiarySettings> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor.userId));
  if (!user) throw notFound('Your account');
  const data = await loadSettingsData(ctx.db, user.id);
  const notifications = notificationSettingsFrom(data[NOTIFICATIONS_KEY]);
  return {
    fullName: user.name,
    email: user.email,
    phone: user.phone,
    twoFactorEnabled: Boolean(user.totpEnabledAt),
    loginAlerts: readUserSettings(data).loginAlerts,
    newContentNotifications: notifications.newContent,
    downloadNotifications: notifications.downloads,
    notificationMethod: notifications.method,
    notificationFrequency: notifications.frequency,
  };
}
