import { and, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { TAppointmentList, ZAppointmentListQuery } from '../../../core/appointments.schemas.ts';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { appointments } from '../../db/schema/appointments.ts';
import { users } from '../../db/schema/users.ts';
import { afterCursor, ascending, cursorTime, descending, keysetPage, orderOf } from '../../lib/keyset.ts';
import { toAppointment } from './appointment-view.ts';
import { appointmentZoneFor } from '../../views/appointment-zone.ts';
import { resolvePersona } from './bookable-people.ts';

const LIVE = ['pending', 'confirmed'];

/**
 * One view of mine, as requester or attendee, paged in the database by (startsAt, id):
 * - upcoming: pending or confirmed and not yet over, soonest first;
 * - past: everything else — over, cancelled or declined — latest first.
 * Times are written in the zone of the persona asking (views/appointment-zone.ts).
 */
export async function listAppointments(ctx: Ctx, query: z.output<typeof ZAppointmentListQuery>): Promise<TAppointmentList> {
  const now = ctx.clock.now();
  const zone = await appointmentZoneFor(ctx, resolvePersona(ctx, query.persona));
  const endsAfterNow = sql`${appointments.startsAt} + (${appointments.durationMinutes} * interval '1 minute') > ${now}`;
  const upcoming = and(inArray(appointments.status, LIVE), endsAfterNow) as SQL;
  const mine = or(eq(appointments.requestedBy, ctx.actor.userId), eq(appointments.attendeeUserId, ctx.actor.userId));
  const soonestFirst = query.view === 'upcoming';
  const order = soonestFirst ? ascending(appointments.startsAt, appointments.id) : descending(appointments.startsAt, appointments.id);
  const rows = await ctx.db
    .select({ row: appointments, requesterName: users.name, at: cursorTime(appointments.startsAt) })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.requestedBy))
    .where(
      and(
        mine,
        soonestFirst ? upcoming : not(upcoming),
        afterCursor(order, query.cursor),
      ),
    )
    .orderBy(...orderOf(order))
    .limit(query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.at, r.row.id]);
  return {
    appointments: page.map((r) => toAppointment(r.row, r.requesterName, ctx.actor.userId, now, zone)),
    nextCursor,
    zone,
  };
}
