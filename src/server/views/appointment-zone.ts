import type { TDisplayZone } from '../../core/appointments.schemas.ts';
import { isAppointmentPersona, type AppointmentPersona } from '../../core/appointments.ts';
import { isRole } from '../../core/roles.ts';
import { PLANNER_TIME_ZONE_IANA } from '../../core/settings.schemas.ts';
import type { Ctx } from '../context.ts';
import { getSystemSettings } from '../settings/get-system-settings.ts';
import { loadUserSettings } from '../settings/load-user-settings.ts';

/**
 * A zone as the server uses it: `named` when its name is the person's own choice ("CT", kept whatever
 * the season); otherwise the name written after a time is the zone's at that instant (GMT or BST).
 */
export interface AppointmentZone extends TDisplayZone {
  named: boolean;
}

/** A zone given by its IANA name (a booking's), named at each instant. */
export const ianaZone = (iana: string, at: Date): AppointmentZone => ({ iana, name: zoneName(iana, at), named: false });

/**
 * The zone a persona's appointments are shown and booked in (docs/decisions/0041): a planner's own
 * choice in their Settings; for everyone else the platform's time zone (the administrator's System
 * Settings) — owners and beneficiaries have no zone of their own yet.
 */
export async function appointmentZoneFor(ctx: Ctx, persona: AppointmentPersona, userId = ctx.actor.userId): Promise<AppointmentZone> {
  if (persona === 'legacy-planner') {
    const { plannerTimeZone } = await loadUserSettings(ctx, userId);
    return { iana: PLANNER_TIME_ZONE_IANA[plannerTimeZone], name: plannerTimeZone, named: true };
  }
  const { defaultTimeZone } = await getSystemSettings(ctx.db);
  return ianaZone(defaultTimeZone, ctx.clock.now());
}

/** The zone of someone's role on an appointment (requesterRole / attendeeRole); any other role gets the platform's. */
export function appointmentZoneForRole(ctx: Ctx, role: string, userId: string): Promise<AppointmentZone> {
  return appointmentZoneFor(ctx, isRole(role) && isAppointmentPersona(role) ? role : 'estate-owner', userId);
}

/** The short name of a zone at an instant ("GMT", "BST", "EST", "UTC"); its IANA name when there is no short one. */
export function zoneName(timeZone: string, at: Date): string {
  for (const locale of ['en-US', 'en-GB']) {
    const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
    if (name && !/^GMT[+-]/.test(name)) return name;
  }
  return timeZone;
}

/** "Tue 1 Dec 2026, 10:00–11:00 GMT": the day and times in the zone, then its name (at the start time, unless the person named it). */
export function whenInZone(startsAt: Date, endsAt: Date, zone: AppointmentZone): string {
  const timeZone = zone.iana;
  const parts = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone }).formatToParts(startsAt);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // composed from its parts: ICU versions differ on the comma after the weekday
  const day = `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
  const time = (d: Date) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(d);
  return `${day}, ${time(startsAt)}–${time(endsAt)} ${zone.named ? zone.name : zoneName(timeZone, startsAt)}`;
}

/** Usual hours for a meeting, in the zone it is booked in (docs/decisions/0041). */
/** When an appointment ends. */
export const endOf = (row: { startsAt: Date; durationMinutes: number }) => new Date(row.startsAt.getTime() + row.durationMinutes * 60_000);

export const USUAL_HOURS = { from: 8, until: 20 } as const;

/**
 * Whether a meeting falls outside usual hours in `timeZone`: it starts before 08:00, or ends after
 * 20:00 (or past midnight). Weekends are usual: families often meet then (docs/decisions/0041).
 */
export function isOffHours(startsAt: Date, minutes: number, timeZone: string): boolean {
  const parts = (d: Date) => {
    const p = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(d);
    const get = (type: string) => p.find((x) => x.type === type)?.value ?? '';
    return { day: `${get('year')}-${get('month')}-${get('day')}`, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
  };
  const start = parts(startsAt);
  const end = parts(new Date(startsAt.getTime() + minutes * 60_000));
  if (start.minutes < USUAL_HOURS.from * 60) return true;
  return end.day !== start.day || end.minutes > USUAL_HOURS.until * 60;
}
