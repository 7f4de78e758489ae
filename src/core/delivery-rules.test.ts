import { describe, expect, it } from 'vitest';
import {
  addDays,
  afterActivation,
  birthdayInYear,
  dateInWords,
  deliveryRuleInWords,
  dueAtFor,
  nextBirthday,
  todayIn,
  zonedDateAtHour,
} from './delivery-rules.ts';

describe('nextBirthday', () => {
  it('is later this year when the birthday has not come yet', () => {
    expect(nextBirthday('1981-09-02', '2026-03-15')).toBe('2026-09-02');
  });
  it('is next year when this year’s has passed', () => {
    expect(nextBirthday('1981-09-02', '2026-09-03')).toBe('2027-09-02');
    expect(nextBirthday('1984-01-23', '2026-12-31')).toBe('2027-01-23');
  });
  it('is today on the birthday itself', () => {
    expect(nextBirthday('1981-09-02', '2026-09-02')).toBe('2026-09-02');
  });
  it('puts 29 February on 28 February in common years and keeps it in leap years', () => {
    expect(nextBirthday('2000-02-29', '2026-01-10')).toBe('2026-02-28');
    expect(nextBirthday('2000-02-29', '2027-03-01')).toBe('2028-02-29');
    expect(nextBirthday('2000-02-29', '2028-02-28')).toBe('2028-02-29');
    expect(nextBirthday('2000-02-29', '2026-02-28')).toBe('2026-02-28');
    expect(birthdayInYear('2000-02-29', 2100)).toBe('2100-02-28'); // 2100 is not a leap year
    expect(birthdayInYear('2000-02-29', 2000)).toBe('2000-02-29');
  });
  it('refuses something that is not a calendar date', () => {
    expect(() => nextBirthday('1981-02-30', '2026-01-01')).toThrow();
    expect(() => nextBirthday('1981-9-2', '2026-01-01')).toThrow();
  });
});

describe('dates', () => {
  it('adds days across months and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 30)).toBe('2027-01-30');
  });
  it('writes a date in words', () => {
    expect(dateInWords('2027-03-12')).toBe('12 March 2027');
    expect(dateInWords('2026-01-01')).toBe('1 January 2026');
  });
  it('knows the calendar date in a time zone', () => {
    const lateEvening = new Date('2026-06-30T23:30:00Z');
    expect(todayIn(lateEvening, 'UTC')).toBe('2026-06-30');
    expect(todayIn(lateEvening, 'Europe/London')).toBe('2026-07-01'); // BST
    expect(todayIn(lateEvening, 'America/New_York')).toBe('2026-06-30');
  });
  it('finds 9 o’clock local time on a date, with daylight saving', () => {
    expect(zonedDateAtHour('2027-03-12', 9, 'UTC').toISOString()).toBe('2027-03-12T09:00:00.000Z');
    expect(zonedDateAtHour('2027-01-12', 9, 'America/New_York').toISOString()).toBe('2027-01-12T14:00:00.000Z');
    expect(zonedDateAtHour('2027-07-12', 9, 'America/New_York').toISOString()).toBe('2027-07-12T13:00:00.000Z');
    expect(zonedDateAtHour('2027-07-12', 9, 'Europe/London').toISOString()).toBe('2027-07-12T08:00:00.000Z');
  });
});

describe('deliveryRuleInWords', () => {
  it('says each rule the way people read it', () => {
    expect(deliveryRuleInWords({ rule: 'on_date', deliverOn: '2027-03-12' })).toBe('On 12 March 2027');
    expect(deliveryRuleInWords({ rule: 'next_birthday' })).toBe('On your next birthday');
    expect(deliveryRuleInWords({ rule: 'after_activation', daysAfterActivation: 30 })).toBe('30 days after activation');
    expect(deliveryRuleInWords({ rule: 'after_activation', daysAfterActivation: 1 })).toBe('1 day after activation');
    expect(deliveryRuleInWords({ rule: 'after_activation', daysAfterActivation: 0 })).toBe('When the estate is activated');
  });
});

describe('dueAtFor', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  const base = { now, timeZone: 'UTC' };

  it('delivers a dated message at 9:00 on that date, and refuses today or the past', () => {
    expect(dueAtFor({ rule: 'on_date', deliverOn: '2027-03-12' }, base)).toEqual({ ok: true, dueAt: new Date('2027-03-12T09:00:00Z') });
    expect(dueAtFor({ rule: 'on_date', deliverOn: '2026-03-16' }, base)).toMatchObject({ ok: true });
    expect(dueAtFor({ rule: 'on_date', deliverOn: '2026-03-15' }, base)).toMatchObject({ ok: false, field: 'deliverOn' });
    expect(dueAtFor({ rule: 'on_date', deliverOn: '2025-12-25' }, base)).toMatchObject({ ok: false, field: 'deliverOn' });
    expect(dueAtFor({ rule: 'on_date' }, base)).toMatchObject({ ok: false, field: 'deliverOn' });
  });

  it('delivers a birthday message on the next birthday, and needs the date of birth', () => {
    expect(dueAtFor({ rule: 'next_birthday' }, { ...base, recipientDateOfBirth: '1981-09-02' })).toEqual({
      ok: true,
      dueAt: new Date('2026-09-02T09:00:00Z'),
    });
    expect(dueAtFor({ rule: 'next_birthday' }, { ...base, recipientDateOfBirth: '1990-01-05' })).toEqual({
      ok: true,
      dueAt: new Date('2027-01-05T09:00:00Z'),
    });
    expect(dueAtFor({ rule: 'next_birthday' }, { ...base, recipientDateOfBirth: null })).toMatchObject({
      ok: false,
      field: 'recipientDateOfBirth',
    });
  });

  it('uses the platform time zone to decide what "today" is', () => {
    // 02:00 UTC on 16 March is still 15 March in New York: a birthday on the 15th is still "today" there.
    const early = new Date('2026-03-16T02:00:00Z');
    const ny = dueAtFor({ rule: 'next_birthday' }, { now: early, timeZone: 'America/New_York', recipientDateOfBirth: '1970-03-15' });
    expect(ny).toEqual({ ok: true, dueAt: new Date('2026-03-15T13:00:00Z') });
    const utc = dueAtFor({ rule: 'next_birthday' }, { now: early, timeZone: 'UTC', recipientDateOfBirth: '1970-03-15' });
    expect(utc).toEqual({ ok: true, dueAt: new Date('2027-03-15T09:00:00Z') });
  });

  it('leaves an after-activation message without a due time until the estate is active', () => {
    expect(dueAtFor({ rule: 'after_activation', daysAfterActivation: 30 }, base)).toEqual({ ok: true, dueAt: null });
    const activatedAt = new Date('2026-05-01T10:00:00Z');
    expect(dueAtFor({ rule: 'after_activation', daysAfterActivation: 30 }, { ...base, activatedAt })).toEqual({
      ok: true,
      dueAt: new Date('2026-05-31T10:00:00Z'),
    });
    expect(afterActivation(activatedAt, 0)).toEqual(activatedAt);
    expect(dueAtFor({ rule: 'after_activation' }, base)).toMatchObject({ ok: false, field: 'daysAfterActivation' });
  });
});
