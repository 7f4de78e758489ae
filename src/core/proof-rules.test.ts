import { describe, expect, it } from 'vitest';
import { reportEventAllowed, reportOutcome, requiredProofs } from './proof-rules.ts';

describe('which reports an estate accepts', () => {
  it('"Upon death" accepts only a death; the other conditions accept an incapacity too', () => {
    expect(reportEventAllowed('upon_death', 'death')).toBe(true);
    expect(reportEventAllowed('upon_death', 'incapacity')).toBe(false);
    for (const condition of ['upon_incapacitation', 'manual', 'specific_date']) {
      expect(reportEventAllowed(condition, 'incapacity')).toBe(true);
      expect(reportEventAllowed(condition, 'death')).toBe(true);
    }
  });
});

describe('required proofs', () => {
  it('always include the proof of the event itself, whatever the administrators chose', () => {
    expect(requiredProofs('death', [])).toEqual(['death_certificate']);
    expect(requiredProofs('death', ['Last Will and Testament'])).toEqual(['death_certificate', 'will']);
    expect(requiredProofs('incapacity', ['Death Certificate'])).toEqual(['medical']);
    expect(requiredProofs('incapacity', ['Death Certificate', 'Power of Attorney'])).toEqual(['medical', 'power_of_attorney']);
  });
});

describe('a report’s outcome', () => {
  const required = requiredProofs('death', ['Last Will and Testament']);
  it('is verified when every required proof has a verified document', () => {
    expect(reportOutcome(required, [{ documentType: 'death_certificate', status: 'verified' }, { documentType: 'will', status: 'verified' }])).toBe('verified');
    expect(reportOutcome(required, [{ documentType: 'death_certificate', status: 'verified' }, { documentType: 'will', status: 'pending' }])).toBeNull();
  });

  it('is rejected as soon as one required proof has nothing verified and nothing waiting', () => {
    expect(reportOutcome(required, [{ documentType: 'death_certificate', status: 'rejected' }, { documentType: 'will', status: 'verified' }])).toBe('rejected');
    expect(reportOutcome(required, [{ documentType: 'death_certificate', status: 'verified' }])).toBe('rejected');
    expect(reportOutcome(required, [{ documentType: 'death_certificate', status: 'rejected' }, { documentType: 'death_certificate', status: 'pending' }, { documentType: 'will', status: 'pending' }])).toBeNull();
  });
});
