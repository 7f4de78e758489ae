import { ArrowDownTrayIcon } from '@heroicons/react/20/solid';
import { CalendarDaysIcon } from '@heroicons/react/24/outline';
import type { TAppointment, TDisplayZone } from '../../../core/appointments.schemas.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { appointmentsApi } from './api.ts';
import { durationInWords, relativeDay } from './format.ts';
import { AppointmentStatusBadge } from './status-badge.tsx';

export interface AppointmentActions {
  busyId: string | null;
  onConfirm: (a: TAppointment) => void;
  onDecline: (a: TAppointment) => void;
  /** asks first (the page's confirm dialog) */
  onCancel: (a: TAppointment) => void;
  /** the zone the times are written in ("Today" / "In 5 days" are counted there too) */
  zone: TDisplayZone;
}

function AppointmentItem({ appointment: a, busyId, onConfirm, onDecline, onCancel, zone }: { appointment: TAppointment } & AppointmentActions) {
  const busy = busyId === a.id;
  return (
    <li className="py-5 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-stone-900">{a.type}</h3>
          <p className="mt-0.5 text-sm text-stone-700">
            {a.direction === 'outgoing' ? 'With' : 'Requested by'} {a.withName} · {a.withRoleLabel}
          </p>
        </div>
        <AppointmentStatusBadge status={a.status} />
      </div>
      <p className="mt-2 text-sm text-stone-700">
        <time dateTime={a.startsAt}>{a.when}</time>
        <span className="text-stone-500">
          {' '}
          · {durationInWords(a.durationMinutes)} · {relativeDay(a.startsAt, new Date(), zone.iana)}
        </span>
      </p>
      {a.notes && <p className="mt-2 text-sm whitespace-pre-line text-stone-600">{a.notes}</p>}
      {a.status === 'pending' && a.direction === 'outgoing' && !a.past && (
        <p className="mt-2 text-sm text-stone-600">Waiting for {a.withName} to confirm.</p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {a.canConfirm && (
          <>
            <Button size="sm" loading={busy} onClick={() => onConfirm(a)}>
              Confirm
            </Button>
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => onDecline(a)}>
              Decline
            </Button>
          </>
        )}
        {(a.status === 'pending' || a.status === 'confirmed') && (
          <a
            href={appointmentsApi.icsHref(a.id)}
            download
            className={buttonClasses('secondary', 'sm')}
            aria-label={`Add to calendar: ${a.type}, ${a.when} (.ics file)`}
          >
            <ArrowDownTrayIcon aria-hidden="true" className="size-4" />
            Add to calendar
          </a>
        )}
        {a.canCancel && (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => onCancel(a)} aria-label={`Cancel appointment: ${a.type}, ${a.when}`}>
            Cancel appointment
          </Button>
        )}
      </div>
    </li>
  );
}

export function AppointmentList({ appointments, emptyTitle = 'Nothing booked', emptyText, ...actions }: { appointments: TAppointment[]; emptyTitle?: string; emptyText: string } & AppointmentActions) {
  if (appointments.length === 0) {
    return <EmptyState icon={CalendarDaysIcon} title={emptyTitle} description={emptyText} />;
  }
  return (
    <ul className="divide-y divide-stone-100">
      {appointments.map((a) => (
        <AppointmentItem key={a.id} appointment={a} {...actions} />
      ))}
    </ul>
  );
}
