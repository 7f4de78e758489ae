import { useLoaderData } from 'react-router';
import { appointmentsApi } from '../../features/appointments/api.ts';
import { AppointmentsPage } from '../../features/appointments/appointments-page.tsx';

export async function loader() {
  const [list, options] = await Promise.all([appointmentsApi.list(), appointmentsApi.options('estate-owner')]);
  return { appointments: list.appointments, options };
}

export function Component() {
  const { appointments, options } = useLoaderData<typeof loader>();
  return (
    <AppointmentsPage
      appointments={appointments}
      options={options}
      description="Meet your legacy planner or estate administrator to move your plan along."
      emptyText="Schedule a session with your support team using the form."
      scheduleDescription="The other person confirms or declines your request."
    />
  );
}
