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

/**
 * An owner may also book the planner's Initial Consultation — with their legacy planner only (the
 * booking link of a planner's invitation leads there; ADR 0021).
 */
export const OWNER_CONSULTATION = { name: 'Initial Consultation', minutes: 60, withRole: 'legacy-planner' } as const;

/**
 * The duration of a type for a persona booking with someone of `attendeeRole`, or null when the
 * persona may not book that type (with them).
 */
export function durationFor(persona: AppointmentPersona, type: string, attendeeRole?: string): number | null {
  const own = APPOINTMENT_TYPES[persona].find((t) => t.name === type)?.minutes;
  if (own !== undefined) return own;
  const consultation = persona === 'estate-owner' && type === OWNER_CONSULTATION.name;
  return consultation && (attendeeRole === undefined || attendeeRole === OWNER_CONSULTATION.withRole) ? OWNER_CONSULTATION.minutes : null;
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
