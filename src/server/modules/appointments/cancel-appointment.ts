import { and, eq, inArray } from 'drizzle-orm';
import type { TAppointment } from '../../../core/appointments.schemas.ts';
import type { Ctx } from '../../context.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { conflict, forbidden } from '../../lib/app-error.ts';
import { getSystemSettings } from '../system-settings/get-system-settings.ts';
import { notify } from '../notifications/notify.ts';
import { endOf, formatWhen, toAppointment, visibleAppointment } from './appointment-view.ts';
import { appointmentsPathFor } from './bookable-people.ts';

/** The requester cancels a pending or confirmed appointment that has not happened yet. */
export async function cancelAppointment(ctx: Ctx, id: string): Promise<TAppointment> {
  const { row, requesterName } = await visibleAppointment(ctx, id);
  if (row.requestedBy !== ctx.actor.userId) throw forbidden('Only the person who asked for this appointment can cancel it; decline it instead.');
  const now = ctx.clock.now();
  if (row.status !== 'pending' && row.status !== 'confirmed') throw conflict(`This appointment is already ${row.status}.`);
  if (endOf(row).getTime() <= now.getTime()) throw conflict('The time of this appointment has passed.');

  const [updated] = await ctx.db
    .update(appointments)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(appointments.id, id), inArray(appointments.status, ['pending', 'confirmed'])))
    .returning();
  if (!updated) throw conflict('This appointment was changed in the meantime. Reload to see its status.');

  if (row.attendeeUserId) {
    const { defaultTimeZone } = await getSystemSettings(ctx.db);
    await notify(ctx, {
      userId: row.attendeeUserId,
      type: 'message',
      message: `${ctx.actor.name} cancelled the ${row.type} on ${formatWhen(row.startsAt, defaultTimeZone)}`,
      fromName: ctx.actor.name,
      link: appointmentsPathFor(row.attendeeRole),
    });
  }
  return toAppointment(updated, requesterName, ctx.actor.userId, now);
}
