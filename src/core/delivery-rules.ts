/**
 * Future-message delivery rules (PRODUCT.md §3): on a date, on the recipient's next birthday, or
 * N days after the estate is activated. Pure functions: no clock, no I/O — callers pass "now".
 *
 * Dates are calendar dates (YYYY-MM-DD). A message for a calendar date is delivered at
 * DELIVERY_HOUR o'clock in the platform's time zone on that date.
 */
import type { DELIVERY_RULES } from './constants.ts';
import { timeZoneOffsetMs, wallTimeToUtc } from './time-zones.ts';

export type DeliveryRule = (typeof DELIVERY_RULES)[number];

export interface DeliverySpec {
  rule: DeliveryRule;
  /** on_date: the calendar date. */
  deliverOn?: string | null;
  /** after_activation: whole days after the activation moment. */
  daysAfterActivation?: number | null;
}

/** Local hour of the day at which date-based messages are delivered. */
export const DELIVERY_HOUR = 9;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface Ymd {
  y: number;
  m: number; // 1–12
  d: number;
}

function parseIsoDate(value: string): Ymd {
  const match = ISO_DATE.exec(value);
  if (!match) throw new Error(`not an ISO date: ${value}`);
  const ymd = { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
  if (ymd.m < 1 || ymd.m > 12 || ymd.d < 1 || ymd.d > daysInMonth(ymd.y, ymd.m)) throw new Error(`not a calendar date: ${value}`);
  return ymd;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const formatYmd = ({ y, m, d }: Ymd) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The birthday (month/day of `dateOfBirth`) in `year`; 29 February falls on 28 February in other years. */
export function birthdayInYear(dateOfBirth: string, year: number): string {
  const { m, d } = parseIsoDate(dateOfBirth);
  const day = m === 2 && d === 29 && !isLeapYear(year) ? 28 : d;
  return formatYmd({ y: year, m, d: day });
}

/**
 * The recipient's next birthday on or after `today` (both YYYY-MM-DD): today itself when it is
 * their birthday. Someone born on 29 February has it on 28 February in common years.
 */
export function nextBirthday(dateOfBirth: string, today: string): string {
  const { y } = parseIsoDate(today);
  const thisYear = birthdayInYear(dateOfBirth, y);
  return thisYear >= today ? thisYear : birthdayInYear(dateOfBirth, y + 1);
}

/** A calendar date plus (or minus) whole days. */
export function addDays(isoDate: string, days: number): string {
  const { y, m, d } = parseIsoDate(isoDate);
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return formatYmd({ y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() });
}

/** '2027-03-12' → '12 March 2027'. */
export function dateInWords(isoDate: string): string {
  const { y, m, d } = parseIsoDate(isoDate);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** The rule as the owner and the recipient read it: 'On 12 March 2027', 'On your next birthday', '30 days after activation'. */
export function deliveryRuleInWords(spec: DeliverySpec): string {
  switch (spec.rule) {
    case 'on_date':
      return spec.deliverOn ? `On ${dateInWords(spec.deliverOn)}` : 'On a date not yet chosen';
    case 'next_birthday':
      return 'On your next birthday';
    case 'after_activation': {
      const n = spec.daysAfterActivation ?? 0;
      if (n === 0) return 'When the estate is activated';
      return `${n} ${n === 1 ? 'day' : 'days'} after activation`;
    }
  }
}

/** The calendar date it is at `now` in `timeZone`. */
export function todayIn(now: Date, timeZone: string): string {
  const local = new Date(now.getTime() + timeZoneOffsetMs(now, timeZone));
  return formatYmd({ y: local.getUTCFullYear(), m: local.getUTCMonth() + 1, d: local.getUTCDate() });
}

/** The instant of `hour`:00 on the calendar date `isoDate` in `timeZone` (daylight saving aware). */
export function zonedDateAtHour(isoDate: string, hour: number, timeZone: string): Date {
  const { y, m, d } = parseIsoDate(isoDate);
  return wallTimeToUtc(y, m, d, hour, 0, timeZone);
}

export interface DueAtInput {
  now: Date;
  timeZone: string;
  /** The recipient's date of birth, when known (next_birthday). */
  recipientDateOfBirth?: string | null;
  /** When the estate was activated, once it is (after_activation). */
  activatedAt?: Date | null;
}

export type DueAt =
  | { ok: true; dueAt: Date | null }
  | { ok: false; field: 'deliverOn' | 'daysAfterActivation' | 'recipientDateOfBirth'; message: string };

/**
 * When a scheduled message falls due. `dueAt: null` means "not yet known": an after-activation
 * message of an estate that is not active yet. Refuses a date that has passed and a birthday
 * rule for a recipient whose date of birth is unknown.
 */
export function dueAtFor(spec: DeliverySpec, input: DueAtInput): DueAt {
  switch (spec.rule) {
    case 'on_date': {
      if (!spec.deliverOn) return { ok: false, field: 'deliverOn', message: 'Choose the delivery date' };
      const dueAt = zonedDateAtHour(spec.deliverOn, DELIVERY_HOUR, input.timeZone);
      if (spec.deliverOn <= todayIn(input.now, input.timeZone)) {
        return { ok: false, field: 'deliverOn', message: 'Choose a date in the future' };
      }
      return { ok: true, dueAt };
    }
    case 'next_birthday': {
      if (!input.recipientDateOfBirth) {
        return { ok: false, field: 'recipientDateOfBirth', message: "Add the recipient's date of birth" };
      }
      const date = nextBirthday(input.recipientDateOfBirth, todayIn(input.now, input.timeZone));
      return { ok: true, dueAt: zonedDateAtHour(date, DELIVERY_HOUR, input.timeZone) };
    }
    case 'after_activation': {
      const days = spec.daysAfterActivation;
      if (days === null || days === undefined || days < 0) {
        return { ok: false, field: 'daysAfterActivation', message: 'Enter the number of days after activation' };
      }
      return { ok: true, dueAt: input.activatedAt ? afterActivation(input.activatedAt, days) : null };
    }
  }
}

/** N days after the activation moment. */
export function afterActivation(activatedAt: Date, days: number): Date {
  return new Date(activatedAt.getTime() + days * 24 * 60 * 60 * 1000);
}
