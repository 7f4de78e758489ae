import type { z } from 'zod';
import { APPOINTMENT_ERROR_CODES, type TAppointment, type ZCreateAppointmentRequest } from '../../../core/appointments.schemas.ts';
import { durationFor, zonedTimeToUtc } from '../../../core/appointments.ts';
import type { Ctx } from '../../context.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { assertAppointmentRequestAllowed } from '../../mail/send-limits.ts';
import { notify } from '../../notices/notify.ts';
import { loadUserSettings } from '../../settings/load-user-settings.ts';
import { toAppointment } from './appointment-view.ts';
import { appointmentZoneFor, appointmentZoneForRole, endOf, ianaZone, isOffHours, USUAL_HOURS, whenInZone } from '../../views/appointment-zone.ts';
import { appointmentsPathFor, bookablePeople, resolvePersona } from './bookable-people.ts';

/**
 * Ask for an appointment. The persona decides the allowed types; the duration comes from the type;
 * the person must be someone this persona may book with (else 404); a time in the past is refused.
 * A time outside usual hours (isOffHours, in the zone it was typed in) is refused with
 * APPOINTMENT_OFF_HOURS unless `confirmOffHours` says the person meant it (docs/decisions/0041).
 * It starts pending: the other side confirms or declines.
 */
export async function createAppointment(ctx: Ctx, input: z.output<typeof ZCreateAppointmentRequest>): Promise<TAppointment> {
  const persona = resolvePersona(ctx, input.persona);
  if (durationFor(persona, input.type) === null) {
    throw badRequest(`"${input.type}" is not an appointment type you can book here.`, { type: 'Choose one of the listed types' });
  }
  if (input.attendeeUserId === ctx.actor.userId) throw badRequest('You cannot book an appointment with yourself.');
  const people = await bookablePeople(ctx, persona);
  const person = people.find((p) =>
    input.supportMemberId ? p.supportMemberId === input.supportMemberId : p.attendeeUserId === input.attendeeUserId,
  );
  if (!person) throw notFound('That person on your support team');
  const minutes = durationFor(persona, input.type, person.role);
  if (minutes === null) {
    throw badRequest(`An ${input.type} is booked with your legacy planner.`, { type: 'Choose another type, or your legacy planner' });
  }

  const zone = await appointmentZoneFor(ctx, persona);
  const timeZone = input.timeZone ?? zone.iana;
  const startsAt = zonedTimeToUtc(input.date, input.time, timeZone);
  const now = ctx.clock.now();
  if (startsAt.getTime() <= now.getTime()) {
    throw badRequest('That time has already passed. Choose a time in the future.', { time: 'Choose a time in the future' });
  }
  if (!input.confirmOffHours && isOffHours(startsAt, minutes, timeZone)) {
    const when = whenInZone(startsAt, new Date(startsAt.getTime() + minutes * 60_000), input.timeZone && input.timeZone !== zone.iana ? ianaZone(input.timeZone, startsAt) : zone);
    throw new AppError(
      APPOINTMENT_ERROR_CODES.offHours,
      409,
      `${when} is outside usual hours (${USUAL_HOURS.from}:00 to ${USUAL_HOURS.until}:00). Send the request anyway?`,
      { time: 'Outside usual hours' },
    );
  }

  // Count, insert and tell the other side in one transaction under the requester's lock (ADR 0077).
  const row = await inMailTransaction(ctx, async (tx) => {
    await assertAppointmentRequestAllowed(tx.db, ctx.actor.userId, now);
    const [inserted] = await tx.db
      .insert(appointments)
      .values({
        estateId: person.estateId,
        requestedBy: ctx.actor.userId,
        requesterRole: persona,
        attendeeUserId: person.attendeeUserId,
        supportMemberId: person.supportMemberId,
        attendeeName: person.name,
        attendeeRole: person.role,
        type: input.type,
        durationMinutes: minutes,
        startsAt,
        notes: input.notes,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (person.attendeeUserId) {
      const theirZone = await appointmentZoneForRole(tx, person.role, person.attendeeUserId);
      // A planner's "Email notifications for new appointments" decides the email; the notice is always made.
      const send = person.role !== 'legacy-planner' || (await loadUserSettings(tx, person.attendeeUserId)).plannerAppointmentEmails;
      await notify(tx, {
        send,
        userId: person.attendeeUserId,
        type: 'message',
        message: `${ctx.actor.name} asked for a ${input.type} (${minutes} min) on ${whenInZone(startsAt, endOf(inserted!), theirZone)}. Confirm or decline it.`,
        fromName: ctx.actor.name,
        link: appointmentsPathFor(person.role),
      });
    }
    return inserted!;
  });
  return toAppointment(row, ctx.actor.name, ctx.actor.userId, now, zone);
}
