import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import type { TAppointment } from '../../../core/appointments.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { appointmentsApi } from '../../features/appointments/api.ts';
import { AppointmentList } from '../../features/appointments/appointment-list.tsx';
import { CalendarNotice } from '../../features/appointments/calendar-notice.tsx';
import { whenInWords } from '../../features/appointments/format.ts';
import { ScheduleForm } from '../../features/appointments/schedule-form.tsx';

export async function loader() {
  const [list, options] = await Promise.all([appointmentsApi.list(), appointmentsApi.options('beneficiary')]);
  return { appointments: list.appointments, options };
}

/** Appointments: meetings with the support team of the people who named you (Confirmed or Pending), and a form to ask for one. */
export function Component() {
  const { appointments, options } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const upcoming = appointments.filter((a) => !a.past);
  const past = appointments.filter((a) => a.past);

  async function act(a: TAppointment, action: 'confirm' | 'decline' | 'cancel') {
    setBusyId(a.id);
    setNotice(null);
    try {
      await appointmentsApi[action](a.id);
      const done = { confirm: 'Confirmed', decline: 'Declined', cancel: 'Cancelled' }[action];
      setNotice({ tone: 'success', text: `${done}: ${a.type} with ${a.withName}.` });
      await revalidator.revalidate();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setNotice({ tone: 'error', text: e.message });
    } finally {
      setBusyId(null);
    }
  }
  const actions = {
    busyId,
    onConfirm: (a: TAppointment) => void act(a, 'confirm'),
    onDecline: (a: TAppointment) => void act(a, 'decline'),
    onCancel: (a: TAppointment) => void act(a, 'cancel'),
  };

  return (
    <div className="space-y-8">
      <PageHeader title="Appointments" description="Meet the legacy planner or estate administrator looking after your loved one’s legacy." />
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      <div className="grid gap-8 lg:grid-cols-5">
        <div className="space-y-8 lg:col-span-3">
          <Card title="Upcoming Appointments" description={upcoming.length ? `${upcoming.length} coming up` : undefined}>
            <AppointmentList appointments={upcoming} emptyText="Ask the support team for a meeting using the form." {...actions} />
          </Card>
          {past.length > 0 && (
            <Card title="Past Appointments">
              <AppointmentList appointments={past} emptyText="" {...actions} />
            </Card>
          )}
        </div>
        <div className="space-y-8 lg:col-span-2">
          <Card title="Schedule Appointment" description="The support team member confirms or declines your request.">
            <ScheduleForm
              options={options}
              onScheduled={(a) => {
                setNotice({
                  tone: 'success',
                  text: `Requested: ${a.type} with ${a.withName}, ${whenInWords(a.startsAt, a.endsAt).when}. It shows as pending until they confirm.`,
                });
                void revalidator.revalidate();
              }}
            />
          </Card>
          <CalendarNotice />
        </div>
      </div>
    </div>
  );
}
