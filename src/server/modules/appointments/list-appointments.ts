import { eq, or, sql } from 'drizzle-orm';
import type { TAppointmentList } from '../../../core/appointments.schemas.ts';
import type { Ctx } from '../../context.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { users } from '../../db/schema/users.ts';
import { toAppointment } from './appointment-view.ts';

/** Mine, as requester or attendee: upcoming first (soonest first), then past ones (latest first). */
export async function listAppointments(ctx: Ctx): Promise<TAppointmentList> {
  const now = ctx.clock.now();
  const ends = sql`${appointments.startsAt} + (${appointments.durationMinutes} * interval '1 minute')`;
  const rows = await ctx.db
    .select({ row: appointments, requesterName: users.name })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.requestedBy))
    .where(or(eq(appointments.requestedBy, ctx.actor.userId), eq(appointments.attendeeUserId, ctx.actor.userId)))
    .orderBy(
      sql`case when ${ends} > ${now} then 0 else 1 end`,
      sql`case when ${ends} > ${now} then ${appointments.startsAt} end asc`,
      sql`${appointments.startsAt} desc`,
    );
  return { appointments: rows.map((r) => toAppointment(r.row, r.requesterName, ctx.actor.userId, now)) };
}
