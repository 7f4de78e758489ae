import type { TLovedOneDetail } from '../../../core/planner.schemas.ts';

const STATUS_LABELS: Record<string, string> = { pending: 'Pending', confirmed: 'Confirmed', declined: 'Declined', cancelled: 'Cancelled' };

/** A loved one's appointments with this planner: type, when (in the planner's zone, named, as on Appointments), how long, status. */
export function ClientAppointments({ appointments }: { appointments: TLovedOneDetail['appointments'] }) {
  return (
    <ul aria-label="Appointments" className="divide-y divide-stone-100">
      {appointments.map((a) => (
        <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-3 first:pt-0 last:pb-0">
          <div>
            <p className="font-medium text-stone-900">{a.type}</p>
            <p className="text-sm text-stone-600">
              <time dateTime={a.startsAt}>{a.when}</time> · {a.durationMinutes} min
            </p>
          </div>
          <span className="text-sm font-medium text-stone-700">{STATUS_LABELS[a.status] ?? a.status}</span>
        </li>
      ))}
    </ul>
  );
}
