import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppointmentPersona } from '../../../core/appointments.ts';
import { SUPPORT_TEAM_ROLE_LABELS } from '../../../core/constants.ts';
import { personaFor } from '../../../core/personas.ts';
import { isRole, type Role } from '../../../core/roles.ts';
import type { Ctx } from '../../context.ts';
import { beneficiaries, estates, supportTeamMembers } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { ERROR_CODES } from '../../../core/errors.ts';
import { isAppointmentPersona } from '../../../core/appointments.ts';

export interface Bookable {
  supportMemberId: string | null;
  attendeeUserId: string | null;
  name: string;
  /** the attendee's role on the estate (legacy-planner, estate-administrator, estate-owner, beneficiary) */
  role: string;
  roleLabel: string;
  estateId: string;
  estateOwnerName: string;
}

export function roleLabel(role: string): string {
  if (role in SUPPORT_TEAM_ROLE_LABELS) return SUPPORT_TEAM_ROLE_LABELS[role as keyof typeof SUPPORT_TEAM_ROLE_LABELS];
  return isRole(role) ? personaFor(role).name : role;
}

/** Where a persona's appointments page is, for notification links. */
export function appointmentsPathFor(role: string): string {
  return isRole(role) ? `${personaFor(role).path}/appointments` : '/';
}

const PREFERENCE: AppointmentPersona[] = ['estate-owner', 'legacy-planner', 'estate-administrator', 'beneficiary'];

/** The persona booking: the one asked for (which the account must hold), else the account's first bookable role. */
export function resolvePersona(ctx: Ctx, requested: Role | undefined): AppointmentPersona {
  if (requested) {
    if (!ctx.actor.roles.includes(requested)) throw forbidden('Your account does not have that role.');
    if (!isAppointmentPersona(requested)) {
      throw new AppError(ERROR_CODES.validation, 400, 'Appointments cannot be booked from that area.', { persona: 'Not a booking persona' });
    }
    return requested;
  }
  const found = PREFERENCE.find((p) => ctx.actor.roles.includes(p));
  if (!found) throw forbidden('Appointments are booked from the estate owner, beneficiary, planner or estate administrator areas.');
  return found;
}

/**
 * Who this persona may book with. Owners: their estate's support team. Beneficiaries: the support
 * teams of the estates they are a linked beneficiary of. Planners and estate administrators: the
 * owners (and linked beneficiaries) of the estates whose support team they have joined.
 */
export async function bookablePeople(ctx: Ctx, persona: AppointmentPersona): Promise<Bookable[]> {
  const owner = users;
  if (persona === 'estate-owner' || persona === 'beneficiary') {
    const estateIds =
      persona === 'estate-owner'
        ? ctx.actor.estateId
          ? [ctx.actor.estateId]
          : []
        : (
            await ctx.db
              .select({ id: beneficiaries.estateId })
              .from(beneficiaries)
              .where(and(eq(beneficiaries.userId, ctx.actor.userId), isNotNull(beneficiaries.acceptedAt)))
          ).map((r) => r.id);
    const people: Bookable[] = [];
    for (const estateId of estateIds) {
      const rows = await ctx.db
        .select({ member: supportTeamMembers, ownerName: owner.name })
        .from(supportTeamMembers)
        .innerJoin(estates, eq(estates.id, supportTeamMembers.estateId))
        .innerJoin(owner, eq(owner.id, estates.ownerId))
        .where(eq(supportTeamMembers.estateId, estateId))
        .orderBy(supportTeamMembers.role, supportTeamMembers.name, supportTeamMembers.id);
      for (const { member, ownerName } of rows) {
        if (member.userId === ctx.actor.userId) continue;
        people.push({
          supportMemberId: member.id,
          attendeeUserId: member.userId,
          name: member.name,
          role: member.role,
          roleLabel: roleLabel(member.role),
          estateId,
          estateOwnerName: ownerName,
        });
      }
    }
    return people;
  }

  const supported = await ctx.db
    .select({ estateId: supportTeamMembers.estateId, ownerId: owner.id, ownerName: owner.name })
    .from(supportTeamMembers)
    .innerJoin(estates, eq(estates.id, supportTeamMembers.estateId))
    .innerJoin(owner, eq(owner.id, estates.ownerId))
    .where(
      and(eq(supportTeamMembers.userId, ctx.actor.userId), eq(supportTeamMembers.role, persona), isNotNull(supportTeamMembers.acceptedAt)),
    )
    .orderBy(owner.name, estates.id);
  const people: Bookable[] = [];
  for (const s of supported) {
    if (s.ownerId !== ctx.actor.userId) {
      people.push({
        supportMemberId: null,
        attendeeUserId: s.ownerId,
        name: s.ownerName,
        role: 'estate-owner',
        roleLabel: roleLabel('estate-owner'),
        estateId: s.estateId,
        estateOwnerName: s.ownerName,
      });
    }
    const linked = await ctx.db
      .select({ userId: beneficiaries.userId, name: users.name })
      .from(beneficiaries)
      .innerJoin(users, eq(users.id, beneficiaries.userId))
      .where(and(eq(beneficiaries.estateId, s.estateId), isNotNull(beneficiaries.userId)))
      .orderBy(users.name, users.id);
    for (const b of linked) {
      if (!b.userId || b.userId === ctx.actor.userId) continue;
      people.push({
        supportMemberId: null,
        attendeeUserId: b.userId,
        name: b.name,
        role: 'beneficiary',
        roleLabel: roleLabel('beneficiary'),
        estateId: s.estateId,
        estateOwnerName: s.ownerName,
      });
    }
  }
  return people;
}
