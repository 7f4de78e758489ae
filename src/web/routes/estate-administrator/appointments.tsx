import { useLoaderData } from 'react-router';
import { loadAppointmentsScreen } from '../../features/appointments/api.ts';
import { AppointmentsPage } from '../../features/appointments/appointments-page.tsx';

export async function loader() {
  return loadAppointmentsScreen('estate-administrator');
}

/** Appointments: meetings with the owners and beneficiaries of the estates in your care. */
export function Component() {
  const { upcoming, past, options } = useLoaderData<typeof loader>();
  return (
    <AppointmentsPage
      upcoming={upcoming}
      past={past}
      options={options}
      description="Meet the owners and beneficiaries of the estates in your care: activation reviews, document checks and family meetings."
      emptyText="Schedule a meeting with an estate owner or beneficiary using the form."
      scheduleDescription="The other person confirms or declines your request."
    />
  );
}
