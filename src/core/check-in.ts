/**
 * The check-in switch's pure rules (issue 13 item 1, ADR 0046): when the next check-in is due, when
 * the reminders before it go out, and what a pause does. Calendar arithmetic happens on the owner's
 * wall clock in their time zone (a month after 31 January is the last day of February; a check-in at
 * 09:30 is due at 09:30 local time, whatever daylight saving did in between). No I/O here.
 */
import { timeZoneOffsetMs, wallTimeToUtc } from './time-zones.ts';

/** The stages of one period, in order; the job records the last one sent (0 = none yet). */
export const CHECK_IN_STAGES = ['month', 'week', 'day', 'missed'] as const;
export type CheckInStage = (typeof CHECK_IN_STAGES)[number];
/** Stage numbers as stored: month reminder 1, week 2, day 3, missed 4. */
export const stageNumber = (stage: CheckInStage): number => CHECK_IN_STAGES.indexOf(stage) + 1;

interface Wall {
  y: number;
  m: number;
  d: number;
  hour: number;
  minute: number;
  /** seconds and milliseconds past the minute, kept as they were */
  restMs: number;
}

function toWall(instant: Date, timeZone: string): Wall {
  const local = new Date(instant.getTime() + timeZoneOffsetMs(instant, timeZone));
  return {
    y: local.getUTCFullYear(),
    m: local.getUTCMonth() + 1,
    d: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    restMs: local.getUTCSeconds() * 1000 + local.getUTCMilliseconds(),
  };
}

const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

function fromWall(w: Wall, timeZone: string): Date {
  return new Date(wallTimeToUtc(w.y, w.m, w.d, w.hour, w.minute, timeZone).getTime() + w.restMs);
}

/** `months` calendar months later (or earlier, when negative) on the zone's wall clock; the day is clamped to the month's end. */
export function addCalendarMonths(instant: Date, months: number, timeZone: string): Date {
  const w = toWall(instant, timeZone);
  const index = w.y * 12 + (w.m - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return fromWall({ ...w, y, m, d: Math.min(w.d, daysInMonth(y, m)) }, timeZone);
}

/** `days` calendar days later (or earlier) on the zone's wall clock (a day across a clock change is 23 or 25 hours). */
export function addCalendarDays(instant: Date, days: number, timeZone: string): Date {
  const w = toWall(instant, timeZone);
  const date = new Date(Date.UTC(w.y, w.m - 1, w.d + days));
  return fromWall({ ...w, y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() }, timeZone);
}

/** The instant a pause "until <date>" ends: the start (00:00) of that date in the owner's zone. */
export function pauseEndsAt(isoDate: string, timeZone: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return wallTimeToUtc(y, m, d, 0, 0, timeZone);
}

export interface CheckInState {
  /** null: the switch is off */
  months: number | null;
  lastCheckInAt: Date;
  /** the end of a pause (the period counts again from here), or null */
  pausedUntil: Date | null;
}

/** Where the current period starts: the last check-in, or the end of a pause that came after it. */
export function periodStart(state: CheckInState): Date {
  return state.pausedUntil && state.pausedUntil > state.lastCheckInAt ? state.pausedUntil : state.lastCheckInAt;
}

/** When the owner must next check in (null when the switch is off). */
export function nextDueAt(state: CheckInState, timeZone: string): Date | null {
  if (state.months === null) return null;
  return addCalendarMonths(periodStart(state), state.months, timeZone);
}

/**
 * When each stage of a period happens: reminders a calendar month, a week and a day before the due
 * time, then the miss at the due time. A reminder that would fall at or before the period's start
 * (the month reminder of a one-month period) is left out: the owner has just checked in.
 */
export function stageTimes(start: Date, dueAt: Date, timeZone: string): { stage: CheckInStage; at: Date }[] {
  const all: { stage: CheckInStage; at: Date }[] = [
    { stage: 'month', at: addCalendarMonths(dueAt, -1, timeZone) },
    { stage: 'week', at: addCalendarDays(dueAt, -7, timeZone) },
    { stage: 'day', at: addCalendarDays(dueAt, -1, timeZone) },
    { stage: 'missed', at: dueAt },
  ];
  return all.filter((s) => s.stage === 'missed' || s.at > start);
}

/**
 * What the job should send now for a period, given the stage already sent (0 = none): only the
 * latest stage whose time has come — after a missed run the reminders it overtook are no longer
 * meaningful and are skipped — or null when nothing new is due. Never a stage already sent or an
 * earlier one.
 */
export function stageDue(start: Date, dueAt: Date, sent: number, now: Date, timeZone: string): CheckInStage | null {
  const reached = stageTimes(start, dueAt, timeZone).filter((s) => s.at <= now);
  const latest = reached.at(-1);
  if (!latest || stageNumber(latest.stage) <= sent) return null;
  return latest.stage;
}

/** The next time a stage of this period is due after `sent` (for the job's index column), or null once missed. */
export function nextStageAt(start: Date, dueAt: Date, sent: number, timeZone: string): Date | null {
  return stageTimes(start, dueAt, timeZone).find((s) => stageNumber(s.stage) > sent)?.at ?? null;
}

/** The farthest ahead a pause may end (days from today). */
export const MAX_PAUSE_DAYS = 365;

/** A due date in words, in the owner's zone ("Tuesday 24 November 2026 at 09:30"). */
export function formatDueAt(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(instant);
}
