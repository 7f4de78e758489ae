import { and, eq, inArray } from 'drizzle-orm';
import type { TAppointment } from '../../../core/appointments.schemas.ts';
import type { Ctx } from '../../context.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, forbidden } from '../../lib/app-error.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { notify } from '../../notices/notify.ts';
import { toAppointment, visibleAppointment, zoneForRow } from './appointment-view.ts';
import { appointmentZoneForRole, endOf, whenInZone } from '../../views/appointment-zone.ts';
import { appointmentsPathFor } from './bookable-people.ts';

/**
 * The requester cancels a pending or confirmed appointment that has not happened yet. The other
 * side is told (in-app and by email), with the time in their own zone; the answer's
 * `cancelNotifies` names them, so the screen can say who was told. It then leaves Upcoming and is
 * kept under Past & cancelled.
 */
export async function cancelAppointment(ctx: Ctx, id: string): Promise<TAppointment> {
  const { row, requesterName } = await visibleAppointment(ctx, id);
  if (row.requestedBy !== ctx.actor.userId) throw forbidden('Only the person who asked for this appointment can cancel it; decline it instead.');
  const now = ctx.clock.now();
  if (row.status !== 'pending' && row.status !== 'confirmed') throw conflict(`This appointment is already ${row.status}.`);
  if (endOf(row).getTime() <= now.getTime()) throw conflict('The time of this appointment has passed.');

  // The change and the other side's notice commit together (ADR 0077).
  const updated = await inMailTransaction(ctx, async (tx) => {
    const [changed] = await tx.db
      .update(appointments)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(appointments.id, id), inArray(appointments.status, ['pending', 'confirmed'])))
      .returning();
    if (!changed) throw conflict('This appointment was changed in the meantime. Reload to see its status.');
    await audit(tx, { action: 'appointment.cancelled', estateId: row.estateId, targetType: 'appointment', targetId: row.id, details: { told: Boolean(row.attendeeUserId) } });
    if (row.attendeeUserId) {
      const theirZone = await appointmentZoneForRole(tx, row.attendeeRole, row.attendeeUserId);
      await notify(tx, {
        userId: row.attendeeUserId,
        type: 'message',
        message: `${ctx.actor.name} cancelled the ${row.type} on ${whenInZone(row.startsAt, endOf(row), theirZone)}`,
        fromName: ctx.actor.name,
        link: appointmentsPathFor(row.attendeeRole),
      });
    }
    return changed;
  });
  return toAppointment(updated, requesterName, ctx.actor.userId, now, await zoneForRow(ctx, updated));
}
