/** Appointment rules shared by server and web: which types a persona may book, and local time → UTC. */
import { APPOINTMENT_TYPES } from './constants.ts';
import type { Role } from './roles.ts';
import { wallTimeToUtc } from './time-zones.ts';


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

/**
 * The instant a wall-clock date and time ("2026-12-03", "14:30") means in a time zone. In the hour a
 * clock skips (spring forward) the time is read with the offset before the change.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return wallTimeToUtc(y, m, d, hh, mm, timeZone);
}
