import { describe, expect, it } from 'vitest';
import { clampPercent, progressColour } from './progress.ts';

describe('progressColour', () => {
  it.each([
    [100, 'green'],
    [70, 'green'],
    [69.9, 'yellow'],
    [69, 'yellow'],
    [40, 'yellow'],
    [39.9, 'red'],
    [39, 'red'],
    [0, 'red'],
  ])('%d%% is %s', (percent, colour) => {
    expect(progressColour(percent)).toBe(colour);
  });
});

describe('clampPercent', () => {
  it('rounds and keeps values within 0–100', () => {
    expect(clampPercent(64.6)).toBe(65);
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(0);
  });
});
