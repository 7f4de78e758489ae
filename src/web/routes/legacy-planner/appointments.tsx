import { Link, useLoaderData } from 'react-router';
import { PLANNER_TIME_ZONE_LABELS } from '../../../core/settings.schemas.ts';
import { loadAppointmentsScreen } from '../../features/appointments/api.ts';
import { AppointmentsPage } from '../../features/appointments/appointments-page.tsx';
import { settingsApi } from '../../features/settings/api.ts';

export async function loader() {
  const [screen, settings] = await Promise.all([loadAppointmentsScreen('legacy-planner'), settingsApi.get()]);
  return { ...screen, timeZone: settings.plannerTimeZone };
}

/** Appointments: sessions with your loved ones, shown and booked in your own time zone (Settings). */
export function Component() {
  const { upcoming, past, options, timeZone } = useLoaderData<typeof loader>();
  return (
    <AppointmentsPage
      upcoming={upcoming}
      past={past}
      options={options}
      description={
        <>
          Consultations, document organisation, memory recording and family meetings with your loved ones. Times are shown in{' '}
          {PLANNER_TIME_ZONE_LABELS[timeZone]} (
          <Link to="/legacy-planner/settings" className="font-medium text-accent-text underline">
            change
          </Link>
          ).
        </>
      }
      emptyText="Schedule a session with a loved one using the form, or confirm a request they sent you."
      scheduleDescription="Your loved one confirms or declines your request."
    />
  );
}
