import type { TAppointment } from '../../../core/appointments.schemas.ts';

const STYLES: Record<TAppointment['status'], { label: string; classes: string }> = {
  pending: { label: 'Pending', classes: 'bg-amber-50 text-amber-900 ring-amber-200' },
  confirmed: { label: 'Confirmed', classes: 'bg-green-50 text-green-800 ring-green-200' },
  declined: { label: 'Declined', classes: 'bg-red-50 text-red-800 ring-red-200' },
  cancelled: { label: 'Cancelled', classes: 'bg-stone-100 text-stone-700 ring-stone-300' },
};

export function AppointmentStatusBadge({ status }: { status: TAppointment['status'] }) {
  const { label, classes } = STYLES[status];
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${classes}`}>{label}</span>
  );
}
