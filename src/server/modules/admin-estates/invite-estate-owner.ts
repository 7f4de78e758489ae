import { eq } from 'drizzle-orm';
import type { TInviteEstateOwnerRequest, TPlatformEstate } from '../../../core/admin-estates.schemas.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { inviteUser } from '../../invitations/invite-user.ts';
import { getPlatformEstate } from './estate-view.ts';

/** Add Estate: Add User with the estate-owner role — the one way an admin invites (ADR 0026); the empty estate is listed at once. */
export async function inviteEstateOwner(ctx: Ctx, input: TInviteEstateOwnerRequest): Promise<TPlatformEstate> {
  const user = await inviteUser(ctx, { ...input, role: 'estate-owner' });
  const [estate] = await ctx.db.select({ id: estates.id }).from(estates).where(eq(estates.ownerId, user.id));
  return getPlatformEstate(ctx.db, estate!.id);
}
