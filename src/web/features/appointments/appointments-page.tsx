import { useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import type { TAppointment, TAppointmentList, TAppointmentOptions } from '../../../core/appointments.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { useRowAction } from '../../lib/use-row-action.ts';
import { appointmentsApi } from './api.ts';
import { AppointmentList } from './appointment-list.tsx';
import { CalendarNotice } from './calendar-notice.tsx';
import { ScheduleForm } from './schedule-form.tsx';

const DONE = { confirm: 'Confirmed', decline: 'Declined' } as const;

export interface AppointmentsPageProps {
  /** first pages of the caller's two views (loadAppointmentsScreen) */
  upcoming: TAppointmentList;
  past: TAppointmentList;
  /** what the schedule form offers this persona (GET /appointments/options) */
  options: TAppointmentOptions;
  /** the persona's own words: under the page title, in the empty list, and under Schedule Appointment */
  description: ReactNode;
  emptyText: string;
  scheduleDescription: string;
}

const asPage = (list: TAppointmentList) => ({ items: list.appointments, nextCursor: list.nextCursor });

/** Who hears of a cancellation, in words for the confirm dialog and the notice after it. */
function whoIsTold(a: TAppointment, done: boolean): string {
  if (a.cancelNotifies) return done ? `${a.cancelNotifies} has been told.` : `${a.cancelNotifies} will be told straight away.`;
  return `${a.withName} has not joined Heirloom yet, so nobody is told automatically: let them know yourself.`;
}

/**
 * The Appointments screen of any persona: Upcoming (Confirm, Decline, Add to calendar, Cancel —
 * which asks first and says who is told), Schedule Appointment, the calendar notice, and Past &
 * cancelled. Both lists are paged by the server ("Load more"); times carry their zone's name.
 */
export function AppointmentsPage({ upcoming, past, options, description, emptyText, scheduleDescription }: AppointmentsPageProps) {
  const revalidator = useRevalidator();
  const { busyId, notice, setNotice, act } = useRowAction();
  const [cancelling, setCancelling] = useState<TAppointment | null>(null);
  const persona = options.persona;
  const upcomingList = useLoadMore(asPage(upcoming), 'upcoming', async (cursor) => asPage(await appointmentsApi.list(persona, 'upcoming', cursor)));
  const pastList = useLoadMore(asPage(past), 'past', async (cursor) => asPage(await appointmentsApi.list(persona, 'past', cursor)));
  const zone = upcoming.zone;

  const answer = (a: TAppointment, action: keyof typeof DONE) =>
    void act(a.id, async () => {
      await appointmentsApi[action](a.id);
      return `${DONE[action]}: ${a.type} with ${a.withName}.`;
    });
  const actions = {
    busyId,
    onConfirm: (a: TAppointment) => answer(a, 'confirm'),
    onDecline: (a: TAppointment) => answer(a, 'decline'),
    onCancel: setCancelling,
    zone,
  };

  return (
    <div className="space-y-8">
      <PageHeader title="Appointments" description={description} />
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      <div className="grid items-start gap-8 lg:grid-cols-5">
        <div className="space-y-8 lg:col-span-3">
          <Card title="Upcoming Appointments" description={zone.name === zone.iana ? `Times in ${zone.name}` : `Times in ${zone.name} (${zone.iana})`}>
            <div className="space-y-4">
              <AppointmentList appointments={upcomingList.items} emptyText={emptyText} {...actions} />
              <LoadMoreFooter list={upcomingList} />
            </div>
          </Card>
          <Card title="Past and Cancelled" description="Appointments that have happened, were cancelled or were declined.">
            <div className="space-y-4">
              <AppointmentList appointments={pastList.items} emptyTitle="Nothing here yet" emptyText="Past, cancelled and declined appointments are kept here." {...actions} />
              <LoadMoreFooter list={pastList} />
            </div>
          </Card>
        </div>
        <div className="space-y-8 lg:col-span-2">
          <Card title="Schedule Appointment" description={scheduleDescription}>
            <ScheduleForm
              options={options}
              onScheduled={(a) => {
                setNotice({ tone: 'success', text: `Requested: ${a.type} with ${a.withName}, ${a.when}. It shows as pending until they confirm.` });
                void revalidator.revalidate();
              }}
            />
          </Card>
          <CalendarNotice />
        </div>
      </div>
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this appointment?"
        description={cancelling ? `${cancelling.type} with ${cancelling.withName}, ${cancelling.when}.` : undefined}
        confirmLabel="Cancel appointment"
        busy={cancelling !== null && busyId === cancelling.id}
        onClose={() => setCancelling(null)}
        onConfirm={() => {
          const a = cancelling;
          if (!a) return;
          void act(a.id, async () => {
            const done = await appointmentsApi.cancel(a.id);
            setCancelling(null);
            return `Cancelled: ${a.type} with ${a.withName}. ${whoIsTold(done, true)}`;
          }).finally(() => setCancelling(null));
        }}
      >
        {cancelling && (
          <>
            <p>{whoIsTold(cancelling, false)}</p>
            <p>It moves to Past and Cancelled, where you can still see it.</p>
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}
