const DAY = 24 * 60 * 60 * 1000;

/** Year, month and day of an instant in a zone, as a UTC midnight. */
function dayIn(d: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  return Date.parse(`${parts}T00:00:00Z`);
}

/** "Today", "Tomorrow", "In 5 days", "2 days ago": days counted in the zone the times are shown in. */
export function relativeDay(startsAt: string, now: Date, timeZone: string): string {
  const days = Math.round((dayIn(new Date(startsAt), timeZone) - dayIn(now, timeZone)) / DAY);
  return days === 0 ? 'Today' : days === 1 ? 'Tomorrow' : days === -1 ? 'Yesterday' : days > 1 ? `In ${days} days` : `${-days} days ago`;
}

export function durationInWords(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h && m) return `${h} h ${m} min`;
  if (h) return `${h} hour${h === 1 ? '' : 's'}`;
  return `${m} min`;
}

/** Today as YYYY-MM-DD in `timeZone` (the date input's minimum). */
export function todayIso(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
