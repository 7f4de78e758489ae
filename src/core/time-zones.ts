/** Wall-clock time in IANA time zones, without a date library (Intl only). */

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function timeZoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time means in a time zone (daylight-saving aware: the offset is read
 * again at the first guess, for days when it changes; in a skipped hour the earlier offset wins).
 */
export function wallTimeToUtc(y: number, m: number, d: number, hour: number, minute: number, timeZone: string): Date {
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  const first = wall - timeZoneOffsetMs(new Date(wall), timeZone);
  return new Date(wall - timeZoneOffsetMs(new Date(first), timeZone));
}
