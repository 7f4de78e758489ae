import type { TAppointment, TAppointmentList, TAppointmentOptions, TCreateAppointmentRequest } from '../../../core/appointments.schemas.ts';
import type { Role } from '../../../core/roles.ts';
import { api } from '../../lib/api.ts';

const BASE = '/api/v1/appointments';

export const appointmentsApi = {
  list: () => api.get<TAppointmentList>(BASE),
  options: (persona: Role) => api.get<TAppointmentOptions>(`${BASE}/options?persona=${encodeURIComponent(persona)}`),
  create: (body: TCreateAppointmentRequest) => api.post<TAppointment>(BASE, body),
  confirm: (id: string) => api.post<TAppointment>(`${BASE}/${id}/confirm`),
  decline: (id: string) => api.post<TAppointment>(`${BASE}/${id}/decline`),
  cancel: (id: string) => api.post<TAppointment>(`${BASE}/${id}/cancel`),
  icsHref: (id: string) => `${BASE}/${id}/ics`,
};

/** The browser's time zone, so the date and time typed mean what the person meant. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
