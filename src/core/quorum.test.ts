import { describe, expect, it } from 'vitest';
import { countdownWords, HOUR_MS, planQuorum, quorumNeeded, vetoWindowEnd, windowOver, type Ask } from './quorum.ts';

const T0 = new Date('2026-11-20T10:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR_MS);
const line = ['a', 'b', 'c', 'd'];
const ask = (userId: string, over: Partial<Ask> = {}): Ask => ({ userId, round: 1, dueAt: at(72), answer: null, passedOver: false, ...over });
const plan = (asks: Ask[], now = T0, more: { reporterId?: string | null; required?: number; line?: string[] } = {}) =>
  planQuorum({ line: more.line ?? line, reporterId: more.reporterId ?? null, required: more.required ?? 2, asks, now, responseHours: 72 });

describe('trustee quorum with succession', () => {
  it('asks the first M in line, each until the response time', () => {
    const p = plan([]);
    expect(p.ask).toEqual([
      { userId: 'a', round: 1, dueAt: at(72) },
      { userId: 'b', round: 1, dueAt: at(72) },
    ]);
    expect(p.reached).toBe(false);
    expect(p.newRound).toBe(false);
  });

  it('never counts or asks the reporter; with fewer others than M, all others are needed', () => {
    expect(plan([], T0, { reporterId: 'a' }).ask.map((x) => x.userId)).toEqual(['b', 'c']);
    expect(quorumNeeded(['a', 'b'], 'a', 2)).toBe(1);
    expect(quorumNeeded(['a'], 'a', 1)).toBe(0);
    expect(quorumNeeded([], null, 1)).toBe(0);
    const reporterConfirms = plan([ask('a', { answer: 'confirmed' }), ask('b', { answer: 'confirmed' })], T0, { reporterId: 'a' });
    expect(reporterConfirms.confirmations).toBe(1);
    expect(reporterConfirms.reached).toBe(false);
  });

  it('waits while the asked are within their time, and asks nobody twice', () => {
    const p = plan([ask('a'), ask('b')], at(71));
    expect(p.ask).toEqual([]);
    expect(p.passOver).toEqual([]);
  });

  it('passes over at the deadline (not a moment before) and asks the next in line', () => {
    const p = plan([ask('a'), ask('b', { answer: 'confirmed' })], at(72));
    expect(p.passOver.map((x) => x.userId)).toEqual(['a']);
    expect(p.ask).toEqual([{ userId: 'c', round: 1, dueAt: at(144) }]);
  });

  it('reaches M of N with distinct confirmations', () => {
    expect(plan([ask('a', { answer: 'confirmed' }), ask('b', { answer: 'confirmed' })]).reached).toBe(true);
    expect(plan([ask('a', { answer: 'confirmed' }), ask('a', { answer: 'confirmed', round: 2 })]).confirmations).toBe(1);
  });

  it('a denial is not a confirmation: the next in line is asked, the denier never again', () => {
    const p = plan([ask('a', { answer: 'denied' }), ask('b')]);
    expect(p.ask.map((x) => x.userId)).toEqual(['c']);
  });

  it('an exhausted line starts a new round from the top without those who denied; confirmations stay', () => {
    const asks = [ask('a', { passedOver: true }), ask('b', { answer: 'confirmed' }), ask('c', { answer: 'denied' }), ask('d', { passedOver: true })];
    const p = plan(asks, at(200));
    expect(p.newRound).toBe(true);
    expect(p.ask).toEqual([{ userId: 'a', round: 2, dueAt: at(272) }]);
    expect(p.confirmations).toBe(1);
  });

  it('everyone else denied: stuck, nothing asked, never reached', () => {
    const p = plan([ask('a', { answer: 'denied' }), ask('b', { answer: 'confirmed' }), ask('c', { answer: 'denied' }), ask('d', { answer: 'denied' })]);
    expect(p).toMatchObject({ stuck: true, reached: false, ask: [] });
  });

  it('a job run missed for days passes over exactly once and asks the next once', () => {
    const first = plan([ask('a'), ask('b')], at(500));
    expect(first.passOver.map((x) => x.userId)).toEqual(['a', 'b']);
    expect(first.ask.map((x) => x.userId)).toEqual(['c', 'd']);
    const again = plan([ask('a', { passedOver: true }), ask('b', { passedOver: true }), ask('c', { dueAt: at(572) }), ask('d', { dueAt: at(572) })], at(500));
    expect(again.ask).toEqual([]);
    expect(again.passOver).toEqual([]);
  });
});

describe('veto window', () => {
  it('ends N calendar days later at the same wall-clock hour, across a daylight-saving change', () => {
    // London: clocks go back on 25 Oct 2026 — a 7-day window from 22 Oct 10:00 BST ends 29 Oct 10:00 GMT
    const start = new Date('2026-10-22T09:00:00Z');
    const end = vetoWindowEnd(start, 7, 'Europe/London');
    expect(end.toISOString()).toBe('2026-10-29T10:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(7 * 24 * HOUR_MS + HOUR_MS);
    // New York: clocks go forward on 8 Mar 2026 — 23 hours shorter by one
    const spring = vetoWindowEnd(new Date('2026-03-07T15:30:00Z'), 2, 'America/New_York');
    expect(spring.toISOString()).toBe('2026-03-09T14:30:00.000Z');
    expect(vetoWindowEnd(T0, 1, 'UTC').toISOString()).toBe('2026-11-21T10:00:00.000Z');
  });

  it('is over exactly at its end, and the countdown says so in words', () => {
    const end = vetoWindowEnd(T0, 7, 'UTC');
    expect(windowOver(end, new Date(end.getTime() - 1))).toBe(false);
    expect(windowOver(end, end)).toBe(true);
    expect(countdownWords(end, at(48))).toBe('Nothing can be released before 27 Nov 2026, 10:00 UTC — 5 days left');
    expect(countdownWords(end, at(166))).toMatch(/2 hours left$/);
    expect(countdownWords(end, end)).toMatch(/^The waiting period ended/);
  });
});
