import { and, eq } from 'drizzle-orm';
import type { TAppointment } from '../../../core/appointments.schemas.ts';
import type { Ctx } from '../../context.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { conflict, forbidden } from '../../lib/app-error.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { notify } from '../../notices/notify.ts';
import { toAppointment, visibleAppointment, zoneForRow } from './appointment-view.ts';
import { appointmentZoneForRole, endOf, whenInZone } from '../../views/appointment-zone.ts';
import { appointmentsPathFor } from './bookable-people.ts';

/** The attendee confirms or declines a pending request; the requester is told. */
export async function respondToAppointment(ctx: Ctx, id: string, answer: 'confirmed' | 'declined'): Promise<TAppointment> {
  const { row, requesterName } = await visibleAppointment(ctx, id);
  if (row.attendeeUserId !== ctx.actor.userId) {
    throw forbidden('Only the person who was asked can confirm or decline this appointment.');
  }
  const now = ctx.clock.now();
  if (row.status !== 'pending') throw conflict(`This appointment is already ${row.status}; only a pending request can be ${answer}.`);
  if (endOf(row).getTime() <= now.getTime()) throw conflict('The time of this appointment has passed.');

  // The change and the other side's notice commit together (ADR 0077).
  const updated = await inMailTransaction(ctx, async (tx) => {
    const [changed] = await tx.db
      .update(appointments)
      .set({ status: answer, updatedAt: now })
      .where(and(eq(appointments.id, id), eq(appointments.status, 'pending')))
      .returning();
    if (!changed) throw conflict('This appointment was changed in the meantime. Reload to see its status.');
    const theirZone = await appointmentZoneForRole(tx, row.requesterRole, row.requestedBy);
    await notify(tx, {
      userId: row.requestedBy,
      type: 'message',
      message: `${ctx.actor.name} ${answer} your ${row.type} on ${whenInZone(row.startsAt, endOf(row), theirZone)}`,
      fromName: ctx.actor.name,
      link: appointmentsPathFor(row.requesterRole),
    });
    return changed;
  });
  return toAppointment(updated, requesterName, ctx.actor.userId, now, await zoneForRow(ctx, updated));
}
