import type { TAppointmentOptions } from '../../../core/appointments.schemas.ts';
import { appointmentTypesFor, OWNER_CONSULTATION } from '../../../core/appointments.ts';
import type { Role } from '../../../core/roles.ts';
import type { Ctx } from '../../context.ts';
import { appointmentZoneFor } from '../../views/appointment-zone.ts';
import { bookablePeople, resolvePersona } from './bookable-people.ts';

/** What the schedule form offers: the persona's types (with durations) and whom it may book with. */
export async function getAppointmentOptions(ctx: Ctx, requested: Role | undefined): Promise<TAppointmentOptions> {
  const persona = resolvePersona(ctx, requested);
  const people = await bookablePeople(ctx, persona);
  return {
    persona,
    zone: await appointmentZoneFor(ctx, persona),
    types: [
      ...appointmentTypesFor(persona),
      ...(persona === 'estate-owner' && people.some((p) => p.role === OWNER_CONSULTATION.withRole) ? [OWNER_CONSULTATION] : []),
    ].map((t) => ({ name: t.name, minutes: t.minutes })),
    people: people.map((p) => ({
      supportMemberId: p.supportMemberId,
      attendeeUserId: p.attendeeUserId,
      name: p.name,
      roleLabel: p.roleLabel,
      estateOwnerName: p.estateOwnerName,
      hasAccount: Boolean(p.attendeeUserId),
    })),
  };
}
