import { z } from 'zod';
import { zEmail, zId } from './common.schemas.ts';
import { zPlainText, zRequiredText } from './beneficiaries.schemas.ts';
import { ROLES } from './roles.ts';
import { zCursor } from './keyset.schemas.ts';

/**
 * Platform users as the admin manages them (/admin/users, issue 11 item 2):
 *   GET   /api/v1/admin/users?q&role&status&cursor   → ZPlatformUserPage (newest first, keyset on users(created_at, id))
 *   POST  /api/v1/admin/users                         → 201 ZPlatformUser (invited by email with a role)
 *   PATCH /api/v1/admin/users/:id                     → ZPlatformUser (roles and/or status)
 *   POST  /api/v1/admin/users/:id/reset-two-factor    → ZPlatformUser
 *   POST  /api/v1/admin/users/:id/(resend: Add User again once the link has expired)
 */
export const USER_STATUSES = ['active', 'suspended', 'invited'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
  invited: 'Invited',
};
/** What Edit may set: an invited person becomes active by accepting, never by an admin's say-so. */
export const EDITABLE_USER_STATUSES = ['active', 'suspended'] as const;

export const PLATFORM_USER_PAGE_SIZE = 25;

export const ZPlatformUser = z.object({
  id: zId,
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  status: z.enum(USER_STATUSES),
  /** a demo persona or generated demo account (signs in only in demo mode) */
  isDemo: z.boolean(),
  twoFactorEnabled: z.boolean(),
  lastActiveAt: z.string().nullable(),
  createdAt: z.string(),
  /** invited: when the emailed link stops working (null once accepted, or when none is open) */
  invitationExpiresAt: z.string().nullable(),
});
export type TPlatformUser = z.infer<typeof ZPlatformUser>;

export const ZPlatformUserPage = z.object({
  items: z.array(ZPlatformUser),
  nextCursor: z.string().nullable(),
});
export type TPlatformUserPage = z.infer<typeof ZPlatformUserPage>;

export const ZPlatformUserListQuery = z
  .object({
    q: zPlainText(100).optional(),
    role: z.enum(ROLES, { message: 'Not a role' }).optional(),
    status: z.enum(USER_STATUSES, { message: 'Not a status' }).optional(),
    cursor: zCursor(['instant', 'id']).optional(),
  })
  .strict();
export type TPlatformUserListQuery = z.infer<typeof ZPlatformUserListQuery>;

export const ZInviteUserRequest = z
  .object({
    name: zRequiredText(120),
    email: zEmail,
    role: z.enum(ROLES, { message: 'Choose a role' }),
  })
  .strict();
export type TInviteUserRequest = z.infer<typeof ZInviteUserRequest>;

export const ZUpdateUserRequest = z
  .object({
    roles: z
      .array(z.enum(ROLES, { message: 'Not a role' }))
      .min(1, { message: 'Choose at least one role' })
      .max(ROLES.length)
      .refine((r) => new Set(r).size === r.length, {
        message: 'A role is listed twice',
      })
      .optional(),
    status: z
      .enum(EDITABLE_USER_STATUSES, {
        message: 'Status must be active or suspended',
      })
      .optional(),
  })
  .strict()
  .refine((b) => b.roles !== undefined || b.status !== undefined, {
    message: 'Change the roles or the status',
  });
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;
