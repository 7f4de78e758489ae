const DAY = 24 * 60 * 60 * 1000;

/** A time zone to show appointments in, and the name shown after the times ("ET"). */
export interface DisplayZone {
  iana: string;
  name: string;
}

/** Year, month and day of an instant in a zone (the browser's when none), as a UTC midnight. */
function dayIn(d: Date, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  return Date.parse(`${parts}T00:00:00Z`);
}

/**
 * "Thursday 3 December 2026, 14:30–15:30" in the browser's zone — or in `zone`, then followed by its
 * name ("…, 14:30–15:30 ET") — plus "in 5 days" / "2 days ago".
 */
export function whenInWords(startsAt: string, endsAt: string, now = new Date(), zone?: DisplayZone): { when: string; relative: string } {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const timeZone = zone?.iana;
  const date = start.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone });
  const time = (d: Date) => d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone });
  const days = Math.round((dayIn(start, timeZone) - dayIn(now, timeZone)) / DAY);
  const relative =
    days === 0 ? 'Today' : days === 1 ? 'Tomorrow' : days === -1 ? 'Yesterday' : days > 1 ? `In ${days} days` : `${-days} days ago`;
  return { when: `${date}, ${time(start)}–${time(end)}${zone ? ` ${zone.name}` : ''}`, relative };
}

export function durationInWords(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h && m) return `${h} h ${m} min`;
  if (h) return `${h} hour${h === 1 ? '' : 's'}`;
  return `${m} min`;
}

/** Today as YYYY-MM-DD in the browser's zone, or in `timeZone` (the date input's minimum). */
export function todayIso(now = new Date(), timeZone?: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
