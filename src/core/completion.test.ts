import { describe, expect, it } from 'vitest';
import {
  accountsScore,
  beneficiariesScore,
  beneficiaryReadiness,
  computeCompletion,
  documentsScore,
  type BeneficiaryFacts,
  type CompletionFacts,
} from './completion.ts';

const ready: BeneficiaryFacts = { accepted: true, email: 'a@example.com', phone: '+1 555 0100', hasDateOfBirth: true, anyAccess: true };

const empty: CompletionFacts = {
  documentsByType: {},
  beneficiaries: [],
  digitalAssets: [],
  digitalLegacyDelegate: false,
  security: { twoFactor: false, recoveryCodes: false, loginAlerts: false, estateAdministrator: false, activationCondition: 'manual' },
};

describe('documents', () => {
  it('counts up to five key documents in each recommended category', () => {
    expect(documentsScore({}).score).toBe(0);
    expect(documentsScore({ legal: 5, financial: 5, personal: 5 }).score).toBe(1);
    // more than five in one category does not make up for another category
    expect(documentsScore({ legal: 15 }).score).toBeCloseTo(1 / 3);
    // "other" documents are welcome but not part of the recommended set
    expect(documentsScore({ other: 9 }).score).toBe(0);
    expect(documentsScore({ legal: 5, financial: 4, personal: 3 }).score).toBeCloseTo(0.8);
  });

  it('says what is missing per category', () => {
    expect(documentsScore({ legal: 5, financial: 4, personal: 3 }).missing).toEqual([
      'Add 1 financial record',
      'Add 2 personal documents',
    ]);
  });

  it('ignores nonsense counts', () => {
    expect(documentsScore({ legal: -3, financial: 2.7 }).score).toBeCloseTo(2 / 15);
  });
});

describe('beneficiaries', () => {
  it('scores one beneficiary by four checks', () => {
    expect(beneficiaryReadiness(ready)).toBe(1);
    expect(beneficiaryReadiness({ ...ready, accepted: false })).toBe(0.75);
    expect(beneficiaryReadiness({ ...ready, phone: '  ' })).toBe(0.75);
    expect(beneficiaryReadiness({ ...ready, accepted: false, hasDateOfBirth: false, anyAccess: false, email: '' })).toBe(0);
  });

  it('is the mean over all beneficiaries, and 0 with none', () => {
    expect(beneficiariesScore([]).score).toBe(0);
    expect(beneficiariesScore([]).missing).toEqual(['Add your first beneficiary']);
    const list = [ready, { ...ready, accepted: false }, { ...ready, accepted: false, hasDateOfBirth: false }];
    expect(beneficiariesScore(list).score).toBeCloseTo((1 + 0.75 + 0.5) / 3);
    expect(beneficiariesScore(list).missing).toEqual(['2 of 3 have not accepted their invitation yet', '1 without a date of birth']);
  });
});

describe('accounts', () => {
  const assets = (withInstructions: number, total: number) =>
    Array.from({ length: total }, (_, i) => ({ hasAccessInstructions: i < withInstructions }));

  it('is 0 without any digital account, even with a delegate', () => {
    expect(accountsScore([], true).score).toBe(0);
  });

  it('weighs instructions 80% and a Digital Legacy delegate 20%', () => {
    expect(accountsScore(assets(8, 8), true).score).toBeCloseTo(1);
    expect(accountsScore(assets(8, 8), false).score).toBeCloseTo(0.8);
    expect(accountsScore(assets(0, 8), true).score).toBeCloseTo(0.2);
    expect(accountsScore(assets(6, 8), false).score).toBeCloseTo(0.6);
    expect(accountsScore(assets(6, 8), false).missing).toEqual([
      '2 of 8 accounts have no access instructions',
      'No beneficiary has Digital Legacy access to handle your accounts',
    ]);
  });
});

describe('security measures', () => {
  it('counts the six measures', () => {
    const c = computeCompletion(empty);
    expect(c.securityMeasures).toHaveLength(6);
    expect(c.securityOn).toBe(0);
    expect(c.missing.security).toContain('Turn on two-factor authentication');
  });

  it('treats activation on death or incapacitation as needing proof, a date or manual activation not', () => {
    for (const [condition, on] of [
      ['upon_death', true],
      ['upon_incapacitation', true],
      ['specific_date', false],
      ['manual', false],
    ] as const) {
      const c = computeCompletion({ ...empty, security: { ...empty.security, activationCondition: condition } });
      expect(c.securityMeasures.find((m) => m.key === 'activationNeedsProof')?.on, condition).toBe(on);
    }
  });

  it('gives "every beneficiary has their own sign-in" only when there is at least one and all accepted', () => {
    const measure = (list: BeneficiaryFacts[]) =>
      computeCompletion({ ...empty, beneficiaries: list }).securityMeasures.find((m) => m.key === 'beneficiariesConfirmed')?.on;
    expect(measure([])).toBe(false);
    expect(measure([ready, { ...ready, accepted: false }])).toBe(false);
    expect(measure([ready, ready])).toBe(true);
  });
});

describe('overall', () => {
  it('is 0 for a new, empty estate with manual activation', () => {
    expect(computeCompletion(empty)).toMatchObject({ overall: 0, documents: 0, beneficiaries: 0, accounts: 0, security: 0 });
  });

  it('is 100 when everything is done', () => {
    const c = computeCompletion({
      documentsByType: { legal: 6, financial: 5, personal: 5, other: 2 },
      beneficiaries: [ready, ready],
      digitalAssets: [{ hasAccessInstructions: true }],
      digitalLegacyDelegate: true,
      security: { twoFactor: true, recoveryCodes: true, loginAlerts: true, estateAdministrator: true, activationCondition: 'upon_death' },
    });
    expect(c).toMatchObject({ overall: 100, documents: 100, beneficiaries: 100, accounts: 100, security: 100, securityOn: 6 });
    expect(Object.values(c.missing).flat()).toEqual([]);
  });

  it('produces the demo figures from the demo family’s facts (65 / 80 / 70 / 60, security 3)', () => {
    const b = (accepted: boolean, hasDateOfBirth: boolean): BeneficiaryFacts => ({ ...ready, accepted, hasDateOfBirth });
    const c = computeCompletion({
      documentsByType: { legal: 5, financial: 4, personal: 3 },
      // Emily (accepted), James and Richard (birthdays known), Sophie and Grace (no birthday)
      beneficiaries: [b(true, true), b(false, true), b(false, true), b(false, false), b(false, false)],
      digitalAssets: [...Array(6).fill({ hasAccessInstructions: true }), ...Array(2).fill({ hasAccessInstructions: false })],
      digitalLegacyDelegate: false,
      security: { twoFactor: false, recoveryCodes: false, loginAlerts: true, estateAdministrator: true, activationCondition: 'upon_death' },
    });
    expect(c).toMatchObject({ overall: 65, documents: 80, beneficiaries: 70, accounts: 60, security: 50, securityOn: 3 });
  });

  it('takes the mean before rounding', () => {
    // documents 1/15 (6.67%), everything else 0 → overall 1.67% → 2
    expect(computeCompletion({ ...empty, documentsByType: { legal: 1 } }).overall).toBe(2);
  });
});
