import { and, eq, ne } from 'drizzle-orm';
import type { TBeneficiarySettings, TUpdateBeneficiarySettingsRequest } from '../../../core/beneficiary-settings.schemas.ts';
import type { TNotificationSettings } from '../../../core/notifications.schemas.ts';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { mergeSettingsData, saveNotificationSettings } from '../notifications/notification-settings.ts';
import { getBeneficiarySettings } from './get-beneficiary-settings.ts';
import { getSystemSettings } from '../system-settings/get-system-settings.ts';

/**
 * Saves the settings screen. A new email must not belong to another account (409); it is marked
 * unverified, and the old address is told about the change. Text messages need a phone number.
 */
export async function updateBeneficiarySettings(ctx: Ctx, input: TUpdateBeneficiarySettingsRequest): Promise<TBeneficiarySettings> {
  const now = ctx.clock.now();
  const before = await getBeneficiarySettings(ctx);
  const method = input.notificationMethod ?? before.notificationMethod;
  const phone = input.phone ?? before.phone;
  if (method !== 'email' && !phone) throw badRequest('Add a phone number to receive text messages.', { phone: 'Add a phone number to receive text messages' });

  const profile: Partial<typeof users.$inferInsert> = {};
  if (input.fullName !== undefined && input.fullName !== before.fullName) profile.name = input.fullName;
  if (input.phone !== undefined && input.phone !== before.phone) profile.phone = input.phone;
  const emailChanged = input.email !== undefined && input.email !== before.email;
  if (emailChanged) {
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email!), ne(users.id, ctx.actor.userId)));
    if (taken) throw conflict('That email address is used by another account.', { email: 'Already used by another account' });
    profile.email = input.email!;
    profile.emailVerifiedAt = null;
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
  if (emailChanged) {
    await audit(ctx, { action: 'account.email_changed', targetType: 'user', targetId: ctx.actor.userId });
    const { systemName } = await getSystemSettings(ctx.db);
    await ctx.mailer.send({
      to: before.email,
      subject: `Your ${systemName} email address was changed`,
      text: `Hello ${before.fullName},\n\nThe email address of your ${systemName} account was changed to ${input.email}. If you did not do this, reply to this email or contact your estate's support team at once.`,
      kind: 'email-changed',
    });
  }
  return getBeneficiarySettings(ctx);
}
