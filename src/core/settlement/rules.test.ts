import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, deadlinesFor, endOfMonthAfter, JURISDICTIONS, ZJurisdictionRules } from './rules.ts';

const dir = path.join(import.meta.dirname, 'jurisdictions');
const due = (jurisdiction: string, dateOfDeath: string) => Object.fromEntries(deadlinesFor(jurisdiction, dateOfDeath).map((d) => [d.ruleKey.split(':')[1], d.dueOn]));

describe('jurisdiction rules files', () => {
  it('every file in the folder is valid, shipped, and cites an official https source for each rule', () => {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual(['england-wales.json', 'us-federal.json']);
    for (const file of files) {
      const parsed = ZJurisdictionRules.parse(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
      expect(`${parsed.key}.json`).toBe(file);
      expect(parsed.rules.length).toBeGreaterThanOrEqual(3);
      for (const rule of parsed.rules) expect(new URL(rule.source).hostname).toMatch(/(^|\.)(irs\.gov|gov\.uk|legislation\.gov\.uk|uscode\.house\.gov)$/);
    }
    expect(JURISDICTIONS.map((j) => j.key)).toEqual(['us-federal', 'england-wales']);
  });

  it('refuses a file with a bad rule: no source, a repeated key, an unknown kind of date', () => {
    const good = JSON.parse(fs.readFileSync(path.join(dir, 'us-federal.json'), 'utf8'));
    const rule = good.rules[0];
    expect(ZJurisdictionRules.safeParse({ ...good, rules: [{ ...rule, source: undefined }] }).success).toBe(false);
    expect(ZJurisdictionRules.safeParse({ ...good, rules: [{ ...rule, source: 'http://irs.gov/x' }] }).success).toBe(false);
    expect(ZJurisdictionRules.safeParse({ ...good, rules: [rule, rule] }).success).toBe(false);
    expect(ZJurisdictionRules.safeParse({ ...good, rules: [{ ...rule, due: { kind: 'weeks-after', weeks: 2 } }] }).success).toBe(false);
  });
});

describe('calendar arithmetic on ISO days', () => {
  it('adds months to the same day, or the month’s last day', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2028-02-29', 48)).toBe('2032-02-29');
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29');
    expect(addMonths('2027-03-31', 1)).toBe('2027-04-30');
    expect(addMonths('2027-05-15', 9)).toBe('2028-02-15');
  });

  it('adds days across month, year and leap-day ends', () => {
    expect(addDays('2027-12-31', 5)).toBe('2028-01-05');
    expect(addDays('2028-02-26', 5)).toBe('2028-03-02');
    expect(addDays('2027-02-26', 5)).toBe('2027-03-03');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('finds the end of a later month', () => {
    expect(endOfMonthAfter('2027-08-01', 6)).toBe('2028-02-29');
    expect(endOfMonthAfter('2026-08-31', 6)).toBe('2027-02-28');
  });

  it('refuses what is not a real day', () => {
    expect(() => addDays('2027-02-29', 1)).toThrow(/No such day/);
    expect(() => addMonths('2027-13-01', 1)).toThrow(/No such day/);
    expect(() => deadlinesFor('us-federal', '31/01/2027')).toThrow(/YYYY-MM-DD/);
    expect(() => deadlinesFor('narnia', '2027-01-31')).toThrow(/narnia/);
  });
});

describe('deadlinesFor: United States (federal), each rule at month ends and leap years', () => {
  it.each([
    // death          final 1040      Form 706 (9 months)  disclaimer      portability (5 years)
    ['2028-02-29', '2029-04-15', '2028-11-29', '2028-11-29', '2033-02-28'],
    ['2027-01-31', '2028-04-15', '2027-10-31', '2027-10-31', '2032-01-31'],
    ['2027-12-31', '2028-04-15', '2028-09-30', '2028-09-30', '2032-12-31'],
    ['2027-05-31', '2028-04-15', '2028-02-29', '2028-02-29', '2032-05-31'],
    ['2026-05-31', '2027-04-15', '2027-02-28', '2027-02-28', '2031-05-31'],
  ])('death on %s', (death, form1040, form706, disclaimer, portability) => {
    expect(due('us-federal', death)).toEqual({
      'final-form-1040': form1040,
      'form-706': form706,
      'qualified-disclaimer': disclaimer,
      'portability-late-election': portability,
    });
  });

  it('comes in due-date order with each rule’s title and source', () => {
    const list = deadlinesFor('us-federal', '2027-12-31');
    expect(list.map((d) => d.dueOn)).toEqual([...list.map((d) => d.dueOn)].sort());
    expect(list[0]).toMatchObject({ ruleKey: 'us-federal:final-form-1040', sourceUrl: expect.stringMatching(/^https:\/\/www\.irs\.gov\//) });
  });
});

describe('deadlinesFor: England and Wales, each rule at month ends and leap years', () => {
  it.each([
    // death          register (5 days)  pay IHT (end of 6th month after)  IHT400 (12 months)  variation (2 years)
    ['2028-02-29', '2028-03-05', '2028-08-31', '2029-02-28', '2030-02-28'],
    ['2027-01-31', '2027-02-05', '2027-07-31', '2028-01-31', '2029-01-31'],
    ['2027-12-31', '2028-01-05', '2028-06-30', '2028-12-31', '2029-12-31'],
    ['2027-08-01', '2027-08-06', '2028-02-29', '2028-08-01', '2029-08-01'],
    ['2028-02-26', '2028-03-02', '2028-08-31', '2029-02-26', '2030-02-26'],
    ['2026-02-28', '2026-03-05', '2026-08-31', '2027-02-28', '2028-02-28'],
  ])('death on %s', (death, register, payIht, iht400, variation) => {
    expect(due('england-wales', death)).toEqual({
      'register-death': register,
      'pay-inheritance-tax': payIht,
      'iht400-account': iht400,
      'deed-of-variation': variation,
    });
  });
});
