import { and, eq } from 'drizzle-orm';
import type { TIncapacitySettings, TIncapacityState } from '../../../core/incapacity.schemas.ts';
import { isEstateStatus } from '../../../core/lifecycle.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { estateReports } from '../../db/schema/lifecycle.ts';
import { users } from '../../db/schema/users.ts';
import { administers, reporterLinkOf } from '../../access/estate-roles.ts';
import { isTrustee } from '../../access/trustees.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { applyTransition, announceTransition } from '../../lifecycle/transition-estate.ts';
import type { IncapacityStep } from '../../mail/templates/incapacity-mode.ts';
import { announceIncapacity } from './announce-incapacity.ts';
import { getIncapacitySettings } from './incapacity-settings.ts';

type EndedBy = Extract<IncapacityStep, { kind: 'ended' }>['by'];

/**
 * Incapacity mode ends: back to planning through the one transition (409 when the estate is not in
 * incapacity mode, so two presses at once end it once). Nothing is deleted: the owner's choices,
 * content and scheduled letters stay; the verified incapacity report is marked ended. In the same
 * transaction it is audited and announced to the owner and the people they chose (ADR 0077).
 */
export async function endIncapacity(ctx: Ctx, estateId: string, by: EndedBy): Promise<void> {
  const now = ctx.clock.now();
  await inMailTransaction(ctx, async (tx) => {
    const applied = await applyTransition(tx.db, ctx, estateId, 'incapacity_ended');
    await tx.db
      .update(estateReports)
      .set({ status: 'ended', resolvedAt: now })
      .where(and(eq(estateReports.estateId, estateId), eq(estateReports.event, 'incapacity'), eq(estateReports.status, 'verified')));
    await announceTransition(tx, applied);
    await announceIncapacity(tx, estateId, { kind: 'ended', by, byName: ctx.actor.name }, applied.at);
  });
}

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

