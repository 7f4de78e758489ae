import { describe, expect, it } from 'vitest';
import { releaseStepOf, releaseStepsDue, releaseStepTimes } from './release.ts';

const activated = new Date('2027-03-01T10:00:00Z');
const at = (iso: string) => new Date(iso);

describe('the release schedule', () => {
  it('opens documents first, then memories', () => {
    expect(releaseStepOf('documents')).toBe(1);
    expect(releaseStepOf('memories')).toBe(2);
  });

  it('all at once: everything at activation', () => {
    expect(releaseStepsDue('all_at_once', activated, [], activated)).toBe(2);
  });

  it('gradual: documents at activation, memories seven days later', () => {
    expect(releaseStepsDue('gradual', activated, [], activated)).toBe(1);
    expect(releaseStepsDue('gradual', activated, [], at('2027-03-08T09:59:59Z'))).toBe(1);
    expect(releaseStepsDue('gradual', activated, [], at('2027-03-08T10:00:00Z'))).toBe(2);
  });

  it("on specific dates: step k on the owner's k-th date; past dates count as activation; one date opens all", () => {
    const dates = ['2027-04-01', '2027-02-01'];
    expect(releaseStepTimes('specific_dates', activated, dates)).toEqual([activated, at('2027-04-01T00:00:00Z')]);
    expect(releaseStepsDue('specific_dates', activated, dates, at('2027-03-31T23:59:59Z'))).toBe(1);
    expect(releaseStepsDue('specific_dates', activated, dates, at('2027-04-01T00:00:00Z'))).toBe(2);
    expect(releaseStepTimes('specific_dates', activated, ['2027-05-01'])).toEqual([at('2027-05-01T00:00:00Z'), at('2027-05-01T00:00:00Z')]);
    expect(releaseStepsDue('specific_dates', activated, [], activated)).toBe(2);
  });
});
