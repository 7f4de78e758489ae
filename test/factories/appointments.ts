import type { Db } from '../../src/server/db/client.ts';
import { appointments } from '../../src/server/db/schema/appointments.ts';

type AppointmentInsert = typeof appointments.$inferInsert;

/** An appointment; `requestedBy` and `attendeeName` are the only fields without a sensible default. */
export function buildAppointment(
  overrides: Partial<AppointmentInsert> & Pick<AppointmentInsert, 'requestedBy' | 'attendeeName'>,
): AppointmentInsert {
  return {
    requesterRole: 'estate-owner',
    attendeeRole: 'legacy-planner',
    type: 'Legacy Planning Session',
    durationMinutes: 60,
    startsAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
    notes: '',
    status: 'pending',
    ...overrides,
  };
}

export async function insertAppointment(
  db: Db,
  overrides: Partial<AppointmentInsert> & Pick<AppointmentInsert, 'requestedBy' | 'attendeeName'>,
) {
  const [row] = await db.insert(appointments).values(buildAppointment(overrides)).returning();
  return row!;
}
