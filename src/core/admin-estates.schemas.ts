import { z } from 'zod';
import { zEmail, zId } from './common.schemas.ts';
import { zPlainText, zRequiredText } from './beneficiaries.schemas.ts';
import { ESTATE_STATUSES } from './lifecycle.ts';
import { USER_STATUSES } from './admin-users.schemas.ts';
import { zCursor } from './keyset.schemas.ts';

/**
 * Estates as the platform admin sees them (/admin/estates, issue 11 item 3). Never vault content:
 * only the owner's name and email, the lifecycle status, counts and the assigned estate administrator.
 *   GET  /api/v1/admin/estates?q&status&cursor             → ZPlatformEstatePage (newest first, keyset on estates(created_at, id))
 *   POST /api/v1/admin/estates                             → 201 ZPlatformEstate (invites a new owner)
 *   PUT  /api/v1/admin/estates/:id/administrator           → ZPlatformEstate (assign or change)
 *   GET  /api/v1/admin/estate-administrators?q             → ZAdministratorCandidates (active users with the role)
 */
export const PLATFORM_ESTATE_PAGE_SIZE = 25;
export const ADMINISTRATOR_CANDIDATES_LIMIT = 20;

const ZPerson = z.object({ id: zId, name: z.string(), email: z.string() });

export const ZPlatformEstate = z.object({
  id: zId,
  owner: ZPerson.extend({ status: z.enum(USER_STATUSES), isDemo: z.boolean() }),
  status: z.enum(ESTATE_STATUSES),
  createdAt: z.string(),
  beneficiaries: z.number().int(),
  /** the estate administrator on its support team (null: none assigned) */
  administrator: ZPerson.nullable(),
});
export type TPlatformEstate = z.infer<typeof ZPlatformEstate>;

export const ZPlatformEstatePage = z.object({
  items: z.array(ZPlatformEstate),
  nextCursor: z.string().nullable(),
});
export type TPlatformEstatePage = z.infer<typeof ZPlatformEstatePage>;

export const ZPlatformEstateListQuery = z
  .object({
    q: zPlainText(100).optional(),
    status: z.enum(ESTATE_STATUSES, { message: 'Not an estate status' }).optional(),
    cursor: zCursor(['instant', 'id']).optional(),
  })
  .strict();
export type TPlatformEstateListQuery = z.infer<typeof ZPlatformEstateListQuery>;

export const ZInviteEstateOwnerRequest = z.object({ name: zRequiredText(120), email: zEmail }).strict();
export type TInviteEstateOwnerRequest = z.infer<typeof ZInviteEstateOwnerRequest>;

export const ZAssignAdministratorRequest = z.object({ userId: zId }).strict();
export type TAssignAdministratorRequest = z.infer<typeof ZAssignAdministratorRequest>;

export const ZAdministratorCandidatesQuery = z.object({ q: zPlainText(100).optional() }).strict();
export const ZAdministratorCandidates = z.object({ items: z.array(ZPerson) });
export type TAdministratorCandidates = z.infer<typeof ZAdministratorCandidates>;
