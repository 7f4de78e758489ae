import { eq } from 'drizzle-orm';
import type { TBeneficiarySettings, TUpdateBeneficiarySettingsRequest } from '../../../core/beneficiary-settings.schemas.ts';
import type { TNotificationSettings } from '../../../core/notifications.schemas.ts';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { refuseRenamingTheDeceased } from '../../lifecycle/deceased-facts.ts';
import { mergeSettingsData, saveNotificationSettings } from '../../notices/notification-settings.ts';
import { getBeneficiarySettings } from './get-beneficiary-settings.ts';

/**
 * Saves the settings screen. The email address is shown here but changed through Change email
 * (account-links/request-email-change.ts): a different one here is a 400. Text messages need a
 * phone number.
 */
export async function updateBeneficiarySettings(ctx: Ctx, input: TUpdateBeneficiarySettingsRequest): Promise<TBeneficiarySettings> {
  const now = ctx.clock.now();
  const before = await getBeneficiarySettings(ctx);
  const method = input.notificationMethod ?? before.notificationMethod;
  const phone = input.phone ?? before.phone;
  if (method !== 'email' && !phone) throw badRequest('Add a phone number to receive text messages.', { phone: 'Add a phone number to receive text messages' });

  const profile: Partial<typeof users.$inferInsert> = {};
  if (input.fullName !== undefined && input.fullName !== before.fullName) {
    await refuseRenamingTheDeceased(ctx);
    profile.name = input.fullName;
  }
  if (input.phone !== undefined && input.phone !== before.phone) profile.phone = input.phone;
  if (input.email !== undefined && input.email !== before.email) {
    // An address changes only through the confirmed flow (current password + a link to the new address).
    throw badRequest('To change your email address, use Change email: it asks for your current password and a confirmation from the new address.', {
      email: 'Use Change email to change your address',
    });
  }
  if (Object.keys(profile).length) {
    await ctx.db.update(users).set({ ...profile, updatedAt: now }).where(eq(users.id, ctx.actor.userId));
  }

  const notificationPatch: Partial<TNotificationSettings> = {};
  if (input.newContentNotifications !== undefined) notificationPatch.newContent = input.newContentNotifications;
  if (input.downloadNotifications !== undefined) notificationPatch.downloads = input.downloadNotifications;
  if (input.notificationMethod !== undefined) notificationPatch.method = input.notificationMethod;
  if (input.notificationFrequency !== undefined) notificationPatch.frequency = input.notificationFrequency;
  if (Object.keys(notificationPatch).length) await saveNotificationSettings(ctx.db, ctx.actor.userId, notificationPatch, now);
  if (input.loginAlerts !== undefined) await mergeSettingsData(ctx.db, ctx.actor.userId, { loginAlerts: input.loginAlerts }, now);

  const changed = Object.keys(input).filter((k) => input[k as keyof typeof input] !== before[k as keyof TBeneficiarySettings]);
  await audit(ctx, { action: 'account.settings_updated', targetType: 'user', targetId: ctx.actor.userId, details: { fields: changed } });
  return getBeneficiarySettings(ctx);
}
