import { useLoaderData } from 'react-router';
import { loadAppointmentsScreen } from '../../features/appointments/api.ts';
import { AppointmentsPage } from '../../features/appointments/appointments-page.tsx';

export async function loader() {
  return loadAppointmentsScreen('beneficiary');
}

/** Appointments: meetings with the support team of the people who named you (Confirmed or Pending), and a form to ask for one. */
export function Component() {
  const { upcoming, past, options } = useLoaderData<typeof loader>();
  return (
    <AppointmentsPage
      upcoming={upcoming}
      past={past}
      options={options}
      description="Meet the legacy planner or estate administrator looking after your loved one’s legacy."
      emptyText="Ask the support team for a meeting using the form."
      scheduleDescription="The support team member confirms or declines your request."
    />
  );
}
