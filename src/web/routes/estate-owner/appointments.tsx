import { useLoaderData } from 'react-router';
import { loadAppointmentsScreen } from '../../features/appointments/api.ts';
import { AppointmentsPage } from '../../features/appointments/appointments-page.tsx';

export async function loader() {
  return loadAppointmentsScreen('estate-owner');
}

export function Component() {
  const { upcoming, past, options } = useLoaderData<typeof loader>();
  return (
    <AppointmentsPage
      upcoming={upcoming}
      past={past}
      options={options}
      description="Meet your legacy planner or estate administrator to move your plan along."
      emptyText="Schedule a session with your support team using the form."
      scheduleDescription="The other person confirms or declines your request."
    />
  );
}
