import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addCalendarMonths,
  nextDueAt,
  nextStageAt,
  pauseEndsAt,
  stageDue,
  stageNumber,
  stageTimes,
} from './check-in.ts';

const LONDON = 'Europe/London';
const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe('calendar months in the owner zone', () => {
  it('clamps month ends: 31 January + 1 month is the last day of February (leap and common years)', () => {
    expect(addCalendarMonths(at('2027-01-31T10:00:00Z'), 1, 'UTC').toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addCalendarMonths(at('2028-01-31T10:00:00Z'), 1, 'UTC').toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addCalendarMonths(at('2027-08-31T10:00:00Z'), 18, 'UTC').toISOString()).toBe('2029-02-28T10:00:00.000Z');
    expect(addCalendarMonths(at('2027-03-31T10:00:00Z'), -1, 'UTC').toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addCalendarMonths(at('2027-12-15T10:00:00Z'), 1, 'UTC').toISOString()).toBe('2028-01-15T10:00:00.000Z');
  });

  it('keeps the wall-clock time across the March and October daylight-saving changes in London', () => {
    // 09:30 GMT on 15 March → 09:30 BST on 15 April (08:30 UTC)
    expect(addCalendarMonths(at('2027-03-15T09:30:00Z'), 1, LONDON).toISOString()).toBe('2027-04-15T08:30:00.000Z');
    // 09:30 BST on 15 October (08:30 UTC) → 09:30 GMT on 15 November
    expect(addCalendarMonths(at('2027-10-15T08:30:00Z'), 1, LONDON).toISOString()).toBe('2027-11-15T09:30:00.000Z');
  });

  it('keeps the wall-clock time across the March and November changes in New York', () => {
    // 20:00 EST (01:00 UTC next day) on 1 March 2027 → 20:00 EDT on 1 April (00:00 UTC)
    expect(addCalendarMonths(at('2027-03-02T01:00:00Z'), 1, NY).toISOString()).toBe('2027-04-02T00:00:00.000Z');
    expect(addCalendarMonths(at('2027-10-20T16:00:00Z'), 1, NY).toISOString()).toBe('2027-11-20T17:00:00.000Z');
  });

  it('counts a calendar day across a clock change as 23 or 25 hours', () => {
    // London springs forward on 28 March 2027
    const before = at('2027-03-27T12:00:00Z');
    expect(addCalendarDays(before, 1, LONDON).getTime() - before.getTime()).toBe(23 * HOUR);
    // New York falls back on 7 November 2027
    const nov = at('2027-11-06T16:00:00Z');
    expect(addCalendarDays(nov, 1, NY).getTime() - nov.getTime()).toBe(25 * HOUR);
  });

  it('a check-in at an hour the spring change skips lands on the next valid time, not a day off', () => {
    // 01:30 on 28 March 2027 does not exist in London: the earlier offset wins (01:30 GMT = 02:30 BST)
    const due = addCalendarMonths(at('2027-02-28T01:30:00Z'), 1, LONDON);
    expect(due.toISOString()).toBe('2027-03-28T01:30:00.000Z');
  });
});

describe('the due date and the pause', () => {
  const checkIn = at('2027-01-31T09:00:00Z');
  it('is off without a period, else the period after the last check-in', () => {
    expect(nextDueAt({ months: null, lastCheckInAt: checkIn, pausedUntil: null }, LONDON)).toBeNull();
    expect(nextDueAt({ months: 1, lastCheckInAt: checkIn, pausedUntil: null }, LONDON)?.toISOString()).toBe('2027-02-28T09:00:00.000Z');
    expect(nextDueAt({ months: 6, lastCheckInAt: checkIn, pausedUntil: null }, LONDON)?.toISOString()).toBe('2027-07-31T08:00:00.000Z');
  });

  it('counts again from the end of a pause that ends after the last check-in, and ignores one that ended before it', () => {
    const pauseEnd = pauseEndsAt('2027-04-10', LONDON);
    expect(pauseEnd.toISOString()).toBe('2027-04-09T23:00:00.000Z'); // midnight BST
    expect(nextDueAt({ months: 3, lastCheckInAt: checkIn, pausedUntil: pauseEnd }, LONDON)?.toISOString()).toBe('2027-07-09T23:00:00.000Z');
    const later = at('2027-05-01T12:00:00Z');
    expect(nextDueAt({ months: 3, lastCheckInAt: later, pausedUntil: pauseEnd }, LONDON)?.toISOString()).toBe('2027-08-01T12:00:00.000Z');
  });
});

describe('reminders and the miss', () => {
  const start = at('2027-01-10T09:00:00Z');
  const due = addCalendarMonths(start, 3, LONDON); // 10 April 09:00 BST = 08:00 UTC

  it('go out a calendar month, a week and a day before the due time (wall clock), then the miss at it', () => {
    expect(stageTimes(start, due, LONDON).map((s) => `${s.stage} ${s.at.toISOString()}`)).toEqual([
      'month 2027-03-10T09:00:00.000Z',
      'week 2027-04-03T08:00:00.000Z',
      'day 2027-04-09T08:00:00.000Z',
      'missed 2027-04-10T08:00:00.000Z',
    ]);
  });

  it('a one-month period has no month reminder (it would fall on the check-in itself)', () => {
    const oneMonth = addCalendarMonths(start, 1, LONDON);
    expect(stageTimes(start, oneMonth, LONDON).map((s) => s.stage)).toEqual(['week', 'day', 'missed']);
  });

  it('sends nothing before the first reminder, each stage once, and nothing twice', () => {
    expect(stageDue(start, due, 0, at('2027-03-10T08:59:00Z'), LONDON)).toBeNull();
    expect(stageDue(start, due, 0, at('2027-03-10T09:00:00Z'), LONDON)).toBe('month');
    expect(stageDue(start, due, stageNumber('month'), at('2027-03-20T09:00:00Z'), LONDON)).toBeNull();
    expect(stageDue(start, due, stageNumber('month'), at('2027-04-03T08:00:00Z'), LONDON)).toBe('week');
    expect(stageDue(start, due, stageNumber('missed'), at('2027-09-01T00:00:00Z'), LONDON)).toBeNull();
  });

  it('after a missed run catches up with only the latest meaningful stage', () => {
    // The job did not run from before the week reminder until after the day reminder: only "day".
    expect(stageDue(start, due, stageNumber('month'), at('2027-04-09T12:00:00Z'), LONDON)).toBe('day');
    // Nor from before any reminder until after the due time: only the miss.
    expect(stageDue(start, due, 0, at('2027-04-11T00:00:00Z'), LONDON)).toBe('missed');
  });

  it('names the next time the job has work for a row', () => {
    expect(nextStageAt(start, due, 0, LONDON)?.toISOString()).toBe('2027-03-10T09:00:00.000Z');
    expect(nextStageAt(start, due, stageNumber('day'), LONDON)?.toISOString()).toBe(due.toISOString());
    expect(nextStageAt(start, due, stageNumber('missed'), LONDON)).toBeNull();
  });

  it('a pause delays every reminder: none falls before the pause ends', () => {
    const pauseEnd = pauseEndsAt('2027-06-01', LONDON);
    const pausedDue = nextDueAt({ months: 1, lastCheckInAt: start, pausedUntil: pauseEnd }, LONDON)!;
    const times = stageTimes(pauseEnd, pausedDue, LONDON);
    expect(times.every((s) => s.at > pauseEnd)).toBe(true);
    expect(stageDue(pauseEnd, pausedDue, 0, at('2027-05-31T12:00:00Z'), LONDON)).toBeNull();
    expect(pausedDue.getTime() - pauseEnd.getTime()).toBe(30 * DAY);
  });
});
