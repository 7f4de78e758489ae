import { eq } from 'drizzle-orm';
import type { TIncapacitySettings, TIncapacityState } from '../../../core/incapacity.schemas.ts';
import { isEstateStatus } from '../../../core/lifecycle.ts';
import type { Ctx } from '../../context.ts';
import { endIncapacity, type EndedBy } from '../../lifecycle/end-incapacity.ts';
import { estates } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';
import { administers, reporterLinkOf } from '../../access/estate-roles.ts';
import { isTrustee } from '../../access/trustees.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { getIncapacitySettings } from '../../settings/incapacity-settings.ts';

/** The owner confirms "I'm back". */
export async function endOwnIncapacity(ctx: Ctx): Promise<TIncapacitySettings> {
  await endIncapacity(ctx, ownEstateId(ctx, 'Your estate'), 'owner');
  return getIncapacitySettings(ctx);
}

/** How the actor stands towards the estate's incapacity mode: a trustee, its administrator, or neither (404). */
async function roleOf(ctx: Ctx, estateId: string): Promise<EndedBy | null> {
  const [trustee, admin] = await Promise.all([isTrustee(ctx.db, ctx.actor.userId, estateId), administers(ctx.db, ctx.actor.userId, estateId)]);
  return admin ? 'administrator' : trustee ? 'trustee' : null;
}

/**
 * What a person linked to the estate sees of incapacity mode: its status, and whether they may end it
 * (a trustee or the estate administrator, while it is on). Anyone not linked: 404.
 */
export async function getIncapacityState(ctx: Ctx, estateId: string): Promise<TIncapacityState> {
  const [role, link] = await Promise.all([roleOf(ctx, estateId), reporterLinkOf(ctx.db, ctx.actor.userId, estateId)]);
  if (!role && !link) throw notFound('That estate');
  const [row] = await ctx.db
    .select({ status: estates.status, ownerName: users.name })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(eq(estates.id, estateId));
  if (!row) throw notFound('That estate');
  const status = isEstateStatus(row.status) ? row.status : 'planning';
  return { estateId, ownerName: row.ownerName, status, canEnd: Boolean(role) && status === 'incapacity' };
}

/** A trustee or the estate administrator ends incapacity mode; anyone else linked: 403; not linked: 404. */
export async function endIncapacityFor(ctx: Ctx, estateId: string): Promise<TIncapacityState> {
  const role = await roleOf(ctx, estateId);
  if (!role) {
    if (await reporterLinkOf(ctx.db, ctx.actor.userId, estateId)) {
      throw forbidden('Only a trustee the owner named, or the estate administrator, can end incapacity mode.');
    }
    throw notFound('That estate');
  }
  await endIncapacity(ctx, estateId, role);
  return getIncapacityState(ctx, estateId);
}

