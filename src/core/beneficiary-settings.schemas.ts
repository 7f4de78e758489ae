/** The beneficiary's Account Settings screen: profile, toggles and notification delivery. */
import { z } from 'zod';
import { zEmail, zName, zPhone } from './common.schemas.ts';
import { NOTIFICATION_FREQUENCY_KEYS, NOTIFICATION_METHOD_KEYS } from './notifications.schemas.ts';

export const ZBeneficiarySettings = z.object({
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Two-factor is set up on the security flow; shown here, changed there. */
  twoFactorEnabled: z.boolean(),
  loginAlerts: z.boolean(),
  newContentNotifications: z.boolean(),
  downloadNotifications: z.boolean(),
  notificationMethod: z.enum(NOTIFICATION_METHOD_KEYS),
  notificationFrequency: z.enum(NOTIFICATION_FREQUENCY_KEYS),
});
export type TBeneficiarySettings = z.infer<typeof ZBeneficiarySettings>;

export const ZUpdateBeneficiarySettingsRequest = z
  .object({
    fullName: zName,
    email: zEmail,
    phone: zPhone,
    loginAlerts: z.boolean(),
    newContentNotifications: z.boolean(),
    downloadNotifications: z.boolean(),
    notificationMethod: z.enum(NOTIFICATION_METHOD_KEYS),
    notificationFrequency: z.enum(NOTIFICATION_FREQUENCY_KEYS),
  })
  .partial()
  .strict()
  .superRefine((value, ctx) => {
    if (value.notificationMethod && value.notificationMethod !== 'email' && value.phone === '') {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Add a phone number to receive text messages' });
    }
  });
export type TUpdateBeneficiarySettingsRequest = z.infer<typeof ZUpdateBeneficiarySettingsRequest>;

/** One line of the viewer's own activity log. */
export const ZActivityEntry = z.object({ id: z.number().int(), at: z.string(), action: z.string(), description: z.string() });
export type TActivityEntry = z.infer<typeof ZActivityEntry>;
