import type {
  AppointmentView,
  TAppointment,
  TAppointmentList,
  TAppointmentOptions,
  TCreateAppointmentRequest,
} from '../../../core/appointments.schemas.ts';
import type { Role } from '../../../core/roles.ts';
import { api } from '../../lib/api.ts';

const BASE = '/api/v1/appointments';

function listPath(persona: Role, view: AppointmentView, cursor?: string) {
  const q = new URLSearchParams({ persona, view });
  if (cursor) q.set('cursor', cursor);
  return `${BASE}?${q.toString()}`;
}

export const appointmentsApi = {
  list: (persona: Role, view: AppointmentView, cursor?: string) => api.get<TAppointmentList>(listPath(persona, view, cursor)),
  options: (persona: Role) => api.get<TAppointmentOptions>(`${BASE}/options?persona=${encodeURIComponent(persona)}`),
  create: (body: TCreateAppointmentRequest) => api.post<TAppointment>(BASE, body),
  confirm: (id: string) => api.post<TAppointment>(`${BASE}/${id}/confirm`),
  decline: (id: string) => api.post<TAppointment>(`${BASE}/${id}/decline`),
  cancel: (id: string) => api.post<TAppointment>(`${BASE}/${id}/cancel`),
  icsHref: (id: string) => `${BASE}/${id}/ics`,
};

/** What every persona's Appointments screen loads: the first page of Upcoming and of Past & cancelled, and the schedule form's options. */
export async function loadAppointmentsScreen(persona: Role) {
  const [upcoming, past, options] = await Promise.all([
    appointmentsApi.list(persona, 'upcoming'),
    appointmentsApi.list(persona, 'past'),
    appointmentsApi.options(persona),
  ]);
  return { upcoming, past, options };
}
