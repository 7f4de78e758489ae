import { and, asc, eq, exists, gt, inArray, ne, sql } from 'drizzle-orm';
import { ADMINISTRATOR_CANDIDATES_LIMIT, type TAdministratorCandidates, type TPlatformEstate } from '../../../core/admin-estates.schemas.ts';
import { ESTATE_ADMINISTRATOR_ROLE } from '../../access/estate-roles.ts';
import { isEstateStatus, ownerCanStillAct } from '../../../core/lifecycle.ts';
import type { Ctx } from '../../context.ts';
import { nameOrEmailMatches } from '../../views/user-view.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { invitations, supportTeamMembers } from '../../db/schema/estates.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { notifyAll } from '../../notices/notify.ts';
import { getPlatformEstate } from './estate-view.ts';
import { lockEstate } from '../../lib/estate-lock.ts';
import { administratorRefusal, nobodyMayAdminister } from '../../access/report-duties.ts';

const hasAdministratorRole = (db: Db) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(userRoles)
      .where(and(eq(userRoles.userId, users.id), eq(userRoles.role, ESTATE_ADMINISTRATOR_ROLE))),
  );

/** Manage's searchable list: active accounts with the estate-administrator role, by name (never the admin choosing). */
export async function listAdministratorCandidates(ctx: Ctx, query: { q?: string | undefined }): Promise<TAdministratorCandidates> {
  const items = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        ne(users.id, ctx.actor.userId),
        hasAdministratorRole(ctx.db),
        nameOrEmailMatches(query.q),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(ADMINISTRATOR_CANDIDATES_LIMIT);
  return { items };
}

/**
 * Manage → assign or change the estate's administrator: one accepted support-team row with the
 * estate-administrator role, linked to the chosen account (which must hold the role and be active).
 * Every other estate-administrator row of the estate goes — their access ends, their open
 * invitation is withdrawn and upcoming appointments with them are cancelled. Open verification
 * items and alerts belong to the estate, so the new administrator takes them over (ADR 0027).
 * The estate row is locked so that two admins assigning at once end with one administrator.
 * Nobody assigns themselves, and an accepted administrator is not replaced while a report is open
 * (ADR 0076): one insider must not be able to put themselves in the seat that approves a death —
 * unless no administrator of the estate may take its next step (ADR 0111: none active, or every one
 * refused by a duty rule), when staff appointing another is the only way on. One of the owner's
 * trustees is never made its administrator (they would confirm what they check).
 */
export async function assignAdministrator(ctx: Ctx, estateId: string, userId: string): Promise<TPlatformEstate> {
  if (userId === ctx.actor.userId) {
    throw forbidden('You cannot make yourself the administrator of an estate. Ask another administrator to choose someone.');
  }
  const now = ctx.clock.now();
  await inMailTransaction(ctx, async (tx) => {
    const db = tx.db;
    const estate = await lockEstate(db, estateId);
    if (!estate) throw notFound('That estate');
    const [chosen] = await db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        status: users.status,
        isAdministrator: hasAdministratorRole(db),
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!chosen)
      throw badRequest('Choose an estate administrator from the list.', {
        userId: 'No such user',
      });
    if (!chosen.isAdministrator) {
      throw badRequest(`${chosen.name} does not have the Estate Administrator role. Give it to them in Users first.`, {
        userId: 'Not an estate administrator',
      });
    }
    if (chosen.status !== 'active')
      throw badRequest(`${chosen.name}'s account is ${chosen.status}, so they cannot administer an estate.`, { userId: 'Not active' });
    if (chosen.id === estate.ownerId) throw badRequest('An estate owner cannot be the administrator of their own estate.', { userId: 'The owner' });
    const refusal = await administratorRefusal(db, estateId, chosen.id, chosen.name);
    if (refusal) throw badRequest(refusal, { userId: 'A trustee of this estate' });
    const current = await db
      .select({
        id: supportTeamMembers.id,
        userId: supportTeamMembers.userId,
        email: supportTeamMembers.email,
        acceptedAt: supportTeamMembers.acceptedAt,
      })
      .from(supportTeamMembers)
      .where(and(eq(supportTeamMembers.estateId, estateId), eq(supportTeamMembers.role, ESTATE_ADMINISTRATOR_ROLE)));
    if (current.length === 1 && current[0]!.userId === chosen.id && current[0]!.acceptedAt) {
      throw conflict(`${chosen.name} already administers this estate.`, {
        userId: 'Already assigned',
      });
    }
    const previous = current.filter((m) => m.userId !== chosen.id && m.email !== chosen.email);
    // While a report is open (the owner can still withdraw it) the administrator who reviews it stays
    // (ADR 0076), unless none of them may act on it (ADR 0111).
    if (previous.some((m) => m.acceptedAt) && isEstateStatus(estate.status) && ownerCanStillAct(estate.status) && !(await nobodyMayAdminister(db, estateId))) {
      throw conflict('A report about this estate’s owner is open, so its administrator cannot be replaced until the report is settled.', {
        userId: 'Report open',
      });
    }
    const previousIds = previous.map((m) => m.id);
    let appointmentsCancelled = 0;
    if (previousIds.length) {
      await db
        .update(invitations)
        .set({ expiresAt: now })
        .where(and(inArray(invitations.targetId, previousIds), gt(invitations.expiresAt, now)));
      appointmentsCancelled = (
        await db
          .update(appointments)
          .set({ status: 'cancelled', updatedAt: now })
          .where(
            and(inArray(appointments.supportMemberId, previousIds), inArray(appointments.status, ['pending', 'confirmed']), gt(appointments.startsAt, now)),
          )
          .returning({ id: appointments.id })
      ).length;
      await db.delete(supportTeamMembers).where(inArray(supportTeamMembers.id, previousIds));
    }
    // Their own pending invitation to this estate (an owner may have invited them) is the row that becomes theirs.
    await db
      .delete(supportTeamMembers)
      .where(
        and(
          eq(supportTeamMembers.estateId, estateId),
          eq(supportTeamMembers.role, ESTATE_ADMINISTRATOR_ROLE),
          eq(supportTeamMembers.userId, chosen.id),
          ne(supportTeamMembers.email, chosen.email),
        ),
      );
    await db
      .insert(supportTeamMembers)
      .values({
        estateId,
        userId: chosen.id,
        role: ESTATE_ADMINISTRATOR_ROLE,
        name: chosen.name,
        email: chosen.email,
        phone: chosen.phone,
        invitedAt: now,
        acceptedAt: now,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [supportTeamMembers.estateId, supportTeamMembers.email, supportTeamMembers.role],
        set: { userId: chosen.id, acceptedAt: now },
      });
    await announceAssignment(tx, {
      estate,
      chosen,
      previousUserIds: [...new Set(previous.flatMap((m) => (m.userId ? [m.userId] : [])))],
      appointmentsCancelled,
    });
  });
  return getPlatformEstate(ctx.db, estateId);
}

/** In the assignment's transaction (ADR 0077): audited, and the new administrator, the owner and those replaced told. */
async function announceAssignment(
  ctx: Ctx,
  { estate, chosen, previousUserIds, appointmentsCancelled }: { estate: { id: string; ownerId: string }; chosen: { id: string; name: string }; previousUserIds: string[]; appointmentsCancelled: number },
): Promise<void> {
  const estateId = estate.id;
  const [owner] = await ctx.db.select({ name: users.name, status: users.status }).from(users).where(eq(users.id, estate.ownerId));
  const ownerName = owner?.name ?? 'an estate owner';
  await audit(ctx, {
    action: 'admin.estate_administrator_assigned',
    estateId,
    targetType: 'user',
    targetId: chosen.id,
    details: { from: previousUserIds, to: chosen.id, appointmentsCancelled },
  });
  await notifyAll(ctx, [chosen.id], {
    type: 'estate',
    message: `You are now the estate administrator of ${ownerName}'s estate`,
    fromName: ctx.actor.name,
    link: `/estate-administrator/estates/${estateId}`,
  });
  if (owner?.status === 'active') {
    await notifyAll(ctx, [estate.ownerId], {
      type: 'estate',
      message: `${chosen.name} is now the estate administrator on your support team`,
      fromName: ctx.actor.name,
      link: '/estate-owner/beneficiaries',
    });
  }
  await notifyAll(ctx, previousUserIds, {
    type: 'estate',
    message: `You are no longer the estate administrator of ${ownerName}'s estate${appointmentsCancelled ? `; ${appointmentsCancelled} upcoming appointment(s) were cancelled` : ''}`,
    fromName: ctx.actor.name,
  });
}
