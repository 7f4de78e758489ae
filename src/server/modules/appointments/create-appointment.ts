import type { z } from 'zod';
import type { TAppointment, ZCreateAppointmentRequest } from '../../../core/appointments.schemas.ts';
import { durationFor, zonedTimeToUtc } from '../../../core/appointments.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { assertAppointmentRequestAllowed } from '../../mail/send-limits.ts';
import { getSystemSettings } from '../system-settings/get-system-settings.ts';
import { notify } from '../notifications/notify.ts';
import { loadUserSettings } from '../user-settings/load-user-settings.ts';
import { formatWhen, toAppointment } from './appointment-view.ts';
import { appointmentsPathFor, bookablePeople, resolvePersona } from './bookable-people.ts';

/**
 * Ask for an appointment. The persona decides the allowed types; the duration comes from the type;
 * the person must be someone this persona may book with (else 404); a time in the past is refused.
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


  const { defaultTimeZone } = await getSystemSettings(ctx.db);
  const timeZone = input.timeZone ?? defaultTimeZone;
  const startsAt = zonedTimeToUtc(input.date, input.time, timeZone);
  const now = ctx.clock.now();
  if (startsAt.getTime() <= now.getTime()) {
    throw badRequest('That time has already passed. Choose a time in the future.', { time: 'Choose a time in the future' });
  }

  // Count and insert in one transaction under the requester's lock (each request notifies the other side).
  const [row] = await ctx.db.transaction(async (tx) => {
    await assertAppointmentRequestAllowed(tx as unknown as Db, ctx.actor.userId, now);
    return tx
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
  });

  if (person.attendeeUserId) {
    // A planner's "Email notifications for new appointments" decides the email; the notice is always made.
    const send = person.role !== 'legacy-planner' || (await loadUserSettings(ctx, person.attendeeUserId)).plannerAppointmentEmails;
    await notify(ctx, {
      send,
      userId: person.attendeeUserId,
      type: 'message',
      message: `${ctx.actor.name} asked for a ${input.type} (${minutes} min) on ${formatWhen(startsAt, timeZone)}. Confirm or decline it.`,
      fromName: ctx.actor.name,
      link: appointmentsPathFor(person.role),
    });
  }
  return toAppointment(row!, ctx.actor.name, ctx.actor.userId, now);
}
