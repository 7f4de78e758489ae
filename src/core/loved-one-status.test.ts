import { describe, expect, it } from 'vitest';
import { averageCompletion, lovedOneStatus } from './loved-one-status.ts';

const now = new Date('2026-06-30T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60 * 1000);

describe('lovedOneStatus', () => {
  it('is Active at 40% or more with a sign-in within 30 days', () => {
    expect(lovedOneStatus({ completion: 40, lastActiveAt: daysAgo(29), joinedAt: daysAgo(400) }, now)).toBe('active');
    expect(lovedOneStatus({ completion: 100, lastActiveAt: daysAgo(30), joinedAt: daysAgo(400) }, now)).toBe('active');
  });
  it('needs attention under 40%, however recent the sign-in', () => {
    expect(lovedOneStatus({ completion: 39, lastActiveAt: daysAgo(0), joinedAt: daysAgo(400) }, now)).toBe('needs_attention');
  });
  it('needs attention after 31 days without a sign-in', () => {
    expect(lovedOneStatus({ completion: 90, lastActiveAt: daysAgo(31), joinedAt: daysAgo(400) }, now)).toBe('needs_attention');
  });
  it('counts from the day they joined when they never signed in', () => {
    expect(lovedOneStatus({ completion: 90, lastActiveAt: null, joinedAt: daysAgo(29) }, now)).toBe('active');
    expect(lovedOneStatus({ completion: 90, lastActiveAt: null, joinedAt: daysAgo(31) }, now)).toBe('needs_attention');
  });
});

describe('averageCompletion', () => {
  it('is the rounded mean, and null with no clients', () => {
    expect(averageCompletion([65, 20])).toBe(43);
    expect(averageCompletion([65, 20, 0])).toBe(28);
    expect(averageCompletion([])).toBeNull();
  });
});
