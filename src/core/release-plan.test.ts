import { describe, expect, it } from 'vitest';
import { countWords, hoursInWords, releaseStepWords } from './release-plan.ts';

describe('release plan words', () => {
  it('says when each release step opens, by schedule', () => {
    expect(releaseStepWords('all_at_once', []).map((s) => s.when)).toEqual(['At activation', 'At activation']);
    expect(releaseStepWords('gradual', []).map((s) => s.when)).toEqual(['At activation', 'One week after activation']);
    expect(releaseStepWords('specific_dates', ['2031-05-01', '2030-01-15']).map((s) => s.when)).toEqual([
      'On 15 January 2030 (or at activation, if that comes later)',
      'On 1 May 2031 (or at activation, if that comes later)',
    ]);
    // one date: everything on it; none: at activation
    expect(releaseStepWords('specific_dates', ['2030-01-15']).map((s) => s.when)[1]).toBe('On 15 January 2030 (or at activation, if that comes later)');
    expect(releaseStepWords('specific_dates', []).map((s) => s.when)).toEqual(['At activation', 'At activation']);
  });

  it('counts and hours in plain words', () => {
    expect(countWords(1, 'memory', 'memories')).toBe('1 memory');
    expect(countWords(1420, 'memory', 'memories')).toBe('1,420 memories');
    expect(hoursInWords(72)).toBe('72 hours');
    expect(hoursInWords(168)).toBe('One week');
  });
});
