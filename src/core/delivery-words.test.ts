import { describe, expect, it } from 'vitest';
import { deliveryInWords, durationInWords, momentInWords, type DeliveryWordsInput } from './delivery-words.ts';

const base: Omit<DeliveryWordsInput, 'rule'> = {
  recipientFirstName: 'Emily',
  activationCondition: 'upon_death',
  now: new Date('2026-11-23T12:00:00Z'),
  timeZone: 'Europe/London',
};

describe('deliveryInWords', () => {
  it("names the recipient's next birthday with its date and hour in the owner's zone", () => {
    expect(deliveryInWords({ ...base, rule: 'next_birthday', recipientDateOfBirth: '1990-03-14' })).toBe(
      "On Emily's next birthday — 14 March 2027, 09:00 Europe/London",
    );
  });

  it('reads the hour in the owner’s zone, summer time included', () => {
    expect(deliveryInWords({ ...base, rule: 'on_date', deliverOn: '2027-06-03' })).toBe('On 3 June 2027, 09:00 Europe/London');
    expect(deliveryInWords({ ...base, rule: 'on_date', deliverOn: '2027-06-03', timeZone: 'America/New_York' })).toBe(
      'On 3 June 2027, 09:00 America/New_York',
    );
  });

  it('uses the stored due time once there is one (a delivered birthday letter keeps its day)', () => {
    expect(
      deliveryInWords({ ...base, rule: 'next_birthday', recipientDateOfBirth: '1990-03-14', dueAt: new Date('2026-03-14T09:00:00Z') }),
    ).toBe("On Emily's next birthday — 14 March 2026, 09:00 Europe/London");
  });

  it('says so when the birthday is not known, or the recipient was removed', () => {
    expect(deliveryInWords({ ...base, rule: 'next_birthday' })).toBe("On Emily's next birthday — date of birth not known yet");
    expect(deliveryInWords({ ...base, rule: 'next_birthday', recipientFirstName: null })).toBe(
      "On the recipient's next birthday — date of birth not known yet",
    );
    expect(deliveryInWords({ ...base, rule: 'on_date' })).toBe('On a date not yet chosen');
  });

  it('counts after-activation messages from what activates the estate', () => {
    expect(deliveryInWords({ ...base, rule: 'after_activation', daysAfterActivation: 365 })).toBe('One year after my passing');
    expect(deliveryInWords({ ...base, rule: 'after_activation', daysAfterActivation: 0 })).toBe('When my passing is confirmed');
    expect(deliveryInWords({ ...base, rule: 'after_activation', daysAfterActivation: 30, activationCondition: 'manual' })).toBe(
      '30 days after my estate is activated',
    );
    expect(deliveryInWords({ ...base, rule: 'after_activation', daysAfterActivation: 14, activationCondition: 'upon_incapacitation' })).toBe(
      'Two weeks after my incapacity is confirmed',
    );
  });

  it('adds the moment once the estate is active and the due time is known', () => {
    expect(
      deliveryInWords({ ...base, rule: 'after_activation', daysAfterActivation: 365, dueAt: new Date('2027-06-03T13:30:00Z') }),
    ).toBe('One year after my passing — 3 June 2027, 14:30 Europe/London');
  });
});

describe('durationInWords', () => {
  it('prefers years and weeks when the days divide evenly', () => {
    expect(durationInWords(1)).toBe('One day');
    expect(durationInWords(7)).toBe('One week');
    expect(durationInWords(30)).toBe('30 days');
    expect(durationInWords(730)).toBe('Two years');
    expect(durationInWords(371)).toBe('371 days');
  });
});

describe('momentInWords', () => {
  it('shows minutes and the zone name', () => {
    expect(momentInWords(new Date('2027-01-05T23:45:00Z'), 'Europe/London')).toBe('5 January 2027, 23:45 Europe/London');
    expect(momentInWords(new Date('2027-01-05T23:45:00Z'), 'America/New_York')).toBe('5 January 2027, 18:45 America/New_York');
  });
});
