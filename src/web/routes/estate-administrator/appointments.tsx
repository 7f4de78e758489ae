import { useLoaderData } from 'react-router';
import { appointmentsApi } from '../../features/appointments/api.ts';
import { AppointmentsPage } from '../../features/appointments/appointments-page.tsx';

export async function loader() {
  const [list, options] = await Promise.all([appointmentsApi.list(), appointmentsApi.options('estate-administrator')]);
  return { appointments: list.appointments, options };
}

/** Appointments: meetings with the owners and beneficiaries of the estates in your care. */
export function Component() {
  const { appointments, options } = useLoaderData<typeof loader>();
  return (
    <AppointmentsPage
      appointments={appointments}
      options={options}
      description="Meet the owners and beneficiaries of the estates in your care: activation reviews, document checks and family meetings."
      emptyText="Schedule a meeting with an estate owner or beneficiary using the form."
      scheduleDescription="The other person confirms or declines your request."
    />
  );
}
