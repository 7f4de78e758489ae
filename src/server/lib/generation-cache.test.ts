import { describe, expect, it } from 'vitest';
import { createChangeGeneration } from '../db/change-generation.ts';
import { AdjustableClock } from './clock.ts';
import { createGenerationCache, readStamp } from './generation-cache.ts';

const setUp = (perGroupMax = 3) => {
  const changes = createChangeGeneration();
  const clock = new AdjustableClock(new Date('2026-11-25T09:00:00Z'));
  const cache = createGenerationCache<string>({
    changes,
    clock,
    ttlMs: 60_000,
    maxEntries: 100,
    maxBytes: 1_000_000,
    perGroup: { max: perGroupMax, of: (key) => key.split('\n')[0]! },
  });
  const keep = (key: string) => cache.set(key, `answer to ${key}`, readStamp(changes, clock), 10);
  return { cache, changes, keep };
};

describe('generation cache: one group (session) cannot take everyone else’s room', () => {
  it('keeps at most `max` entries of a group, pushing out that group’s oldest, and leaves other groups alone', () => {
    const { cache, keep } = setUp(3);
    keep('other\n/a');
    for (const url of ['/1', '/2', '/3', '/4', '/5']) keep(`greedy\n${url}`);
    expect(cache.get('other\n/a')).toBe('answer to other\n/a');
    expect(['/1', '/2', '/3', '/4', '/5'].map((u) => cache.get(`greedy\n${u}`) !== undefined)).toEqual([false, false, true, true, true]);
  });

  it('counts a key kept again once, and starts every group over when the data changes', () => {
    const { cache, changes, keep } = setUp(2);
    keep('s\n/1');
    keep('s\n/1');
    keep('s\n/2');
    expect(cache.get('s\n/1')).toBeDefined();
    expect(cache.get('s\n/2')).toBeDefined();
    changes.bump();
    expect(cache.get('s\n/1')).toBeUndefined();
    keep('s\n/3');
    keep('s\n/4');
    expect(cache.get('s\n/3')).toBeDefined();
    expect(cache.get('s\n/4')).toBeDefined();
  });
});
