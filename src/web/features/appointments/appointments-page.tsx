import type { ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import type { TAppointment, TAppointmentOptions } from '../../../core/appointments.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useRowAction } from '../../lib/use-row-action.ts';
import { appointmentsApi } from './api.ts';
import { AppointmentList } from './appointment-list.tsx';
import { CalendarNotice } from './calendar-notice.tsx';
import { whenInWords, type DisplayZone } from './format.ts';
import { ScheduleForm } from './schedule-form.tsx';

const DONE = { confirm: 'Confirmed', decline: 'Declined', cancel: 'Cancelled' } as const;

export interface AppointmentsPageProps {
  /** the caller's appointments (GET /appointments) */
  appointments: TAppointment[];
  /** what the schedule form offers this persona (GET /appointments/options) */
  options: TAppointmentOptions;
  /** the persona's own words: under the page title, in the empty list, and under Schedule Appointment */
  description: ReactNode;
  emptyText: string;
  scheduleDescription: string;
  /** show and book times in this zone, named after each time (the planner's setting); else the browser's */
  zone?: DisplayZone;
}

/**
 * The Appointments screen of any persona: Upcoming (Confirm, Decline, Add to calendar, Cancel),
 * Schedule Appointment, the calendar notice, and Past. Each action reloads the route's data and
 * says what happened.
 */
export function AppointmentsPage({ appointments, options, description, emptyText, scheduleDescription, zone }: AppointmentsPageProps) {
  const revalidator = useRevalidator();
  const { busyId, notice, setNotice, act } = useRowAction();
  const upcoming = appointments.filter((a) => !a.past);
  const past = appointments.filter((a) => a.past);

  const change = (a: TAppointment, action: keyof typeof DONE) =>
    void act(a.id, async () => {
      await appointmentsApi[action](a.id);
      return `${DONE[action]}: ${a.type} with ${a.withName}.`;
    });
  const actions = {
    busyId,
    onConfirm: (a: TAppointment) => change(a, 'confirm'),
    onDecline: (a: TAppointment) => change(a, 'decline'),
    onCancel: (a: TAppointment) => change(a, 'cancel'),
    zone,
  };

  return (
    <div className="space-y-8">
      <PageHeader title="Appointments" description={description} />
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      <div className="grid items-start gap-8 lg:grid-cols-5">
        <Card title="Upcoming Appointments" description={upcoming.length ? `${upcoming.length} coming up` : undefined} className="lg:col-span-3">
          <AppointmentList appointments={upcoming} emptyText={emptyText} {...actions} />
        </Card>
        <div className="space-y-8 lg:col-span-2 lg:row-span-2">
          <Card title="Schedule Appointment" description={scheduleDescription}>
            <ScheduleForm
              options={options}
              zone={zone}
              onScheduled={(a) => {
                setNotice({
                  tone: 'success',
                  text: `Requested: ${a.type} with ${a.withName}, ${whenInWords(a.startsAt, a.endsAt, new Date(), zone).when}. It shows as pending until they confirm.`,
                });
                void revalidator.revalidate();
              }}
            />
          </Card>
          <CalendarNotice />
        </div>
        {past.length > 0 && (
          <Card title="Past Appointments" className="lg:col-span-3">
            <AppointmentList appointments={past} emptyText="" {...actions} />
          </Card>
        )}
      </div>
    </div>
  );
}
