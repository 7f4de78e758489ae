import { createEvent } from 'ics';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ERROR_CODES } from '../../../core/errors.ts';
import { toAppointment, visibleAppointment, zoneForRow } from './appointment-view.ts';

const STATUS = { confirmed: 'CONFIRMED', cancelled: 'CANCELLED', declined: 'CANCELLED', pending: 'TENTATIVE' } as const;

/** One appointment as an iCalendar file (UTC times), for the caller's calendar. */
export async function appointmentIcs(ctx: Ctx, id: string): Promise<{ filename: string; body: string }> {
  const { row, requesterName } = await visibleAppointment(ctx, id);
  const view = toAppointment(row, requesterName, ctx.actor.userId, ctx.clock.now(), await zoneForRow(ctx, row));
  const description = [
    `${row.type} (${row.durationMinutes} minutes) with ${view.withName}, ${view.withRoleLabel}.`,
    `Status: ${row.status}.`,
    row.notes ? `Notes: ${row.notes}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const { error, value } = createEvent({
    uid: `${row.id}@heirloom`,
    productId: 'heirloom/appointments',
    start: row.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: row.durationMinutes },
    title: `${row.type} with ${view.withName}`,
    description,
    status: STATUS[row.status as keyof typeof STATUS] ?? 'TENTATIVE',
    created: row.createdAt.getTime(),
    lastModified: row.updatedAt.getTime(),
  });
  if (error || !value) throw new AppError(ERROR_CODES.internal, 500, 'The calendar file could not be made. Please try again.');
  const day = row.startsAt.toISOString().slice(0, 10);
  return { filename: `heirloom-${row.type.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${day}.ics`, body: value };
}
