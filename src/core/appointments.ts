/** Appointment rules shared by server and web: which types a persona may book, and local time → UTC. */
import { APPOINTMENT_TYPES } from './constants.ts';
import type { Role } from './roles.ts';

export type AppointmentPersona = keyof typeof APPOINTMENT_TYPES;
export const APPOINTMENT_PERSONAS = Object.keys(APPOINTMENT_TYPES) as AppointmentPersona[];

export function isAppointmentPersona(role: Role): role is AppointmentPersona {
  return (APPOINTMENT_PERSONAS as readonly string[]).includes(role);
}

/** The types this persona may book, with their durations (wireframe §9). */
export function appointmentTypesFor(persona: AppointmentPersona): readonly { name: string; minutes: number }[] {
  return APPOINTMENT_TYPES[persona];
}

/** The duration of a type for a persona, or null when the persona may not book that type. */
export function durationFor(persona: AppointmentPersona, type: string): number | null {
  return APPOINTMENT_TYPES[persona].find((t) => t.name === type)?.minutes ?? null;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock date and time ("2026-12-03", "14:30") means in a time zone. In the hour a
 * clock skips (spring forward) the time is read with the offset before the change.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const first = wall - zoneOffsetMs(wall, timeZone);
  const second = wall - zoneOffsetMs(first, timeZone);
  return new Date(second);
}
