import { and, eq, or } from 'drizzle-orm';
import type { TAppointment } from '../../../core/appointments.schemas.ts';
import type { Ctx } from '../../context.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/app-error.ts';
import { appointmentZoneForRole, endOf, whenInZone, type AppointmentZone } from '../../views/appointment-zone.ts';
import { roleLabel } from './bookable-people.ts';

export type AppointmentRow = typeof appointments.$inferSelect;

/**
 * The caller's view of an appointment: who it is with from their side, its times in `zone`
 * (views/appointment-zone.ts), who would be told of a cancellation, and what they may do with it.
 */
export function toAppointment(row: AppointmentRow, requesterName: string, callerId: string, now: Date, zone: AppointmentZone): TAppointment {
  const outgoing = row.requestedBy === callerId;
  const ends = endOf(row);
  const past = ends.getTime() <= now.getTime();
  return {
    id: row.id,
    type: row.type,
    durationMinutes: row.durationMinutes,
    startsAt: row.startsAt.toISOString(),
    endsAt: ends.toISOString(),
    status: row.status as TAppointment['status'],
    notes: row.notes,
    withName: outgoing ? row.attendeeName : requesterName,
    withRoleLabel: outgoing ? roleLabel(row.attendeeRole) : roleLabel(row.requesterRole),
    direction: outgoing ? 'outgoing' : 'incoming',
    requestedByName: requesterName,
    past,
    when: whenInZone(row.startsAt, ends, zone),
    cancelNotifies: outgoing && row.attendeeUserId ? row.attendeeName : null,
    canConfirm: !outgoing && row.attendeeUserId === callerId && row.status === 'pending' && !past,
    canCancel: outgoing && (row.status === 'pending' || row.status === 'confirmed') && !past,
  };
}

/** An appointment the caller asked for or was asked to; any other id is "not found". */
export async function visibleAppointment(ctx: Ctx, id: string): Promise<{ row: AppointmentRow; requesterName: string }> {
  const [found] = await ctx.db
    .select({ row: appointments, requesterName: users.name })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.requestedBy))
    .where(
      and(
        eq(appointments.id, id),
        or(eq(appointments.requestedBy, ctx.actor.userId), eq(appointments.attendeeUserId, ctx.actor.userId)),
      ),
    );
  if (!found) throw notFound('That appointment');
  return found;
}

/** The zone the caller sees this appointment in: the one of the persona they booked it from, or were asked as. */
export function zoneForRow(ctx: Ctx, row: AppointmentRow): Promise<AppointmentZone> {
  return appointmentZoneForRole(ctx, row.requestedBy === ctx.actor.userId ? row.requesterRole : row.attendeeRole, ctx.actor.userId);
}

