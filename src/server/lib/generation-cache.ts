import type { ChangeGeneration } from '../db/change-generation.ts';
import type { Clock } from './clock.ts';

/**
 * A bounded in-process cache whose entries are valid only while the database's change generation
 * is the one they were read under (db/change-generation.ts) and for at most `ttlMs` — by the wall
 * clock and by the app's clock, so a test or e2e clock moved forward ages entries too (ADR 0067).
 * The first read under a new generation empties it: memory only ever holds entries that may be served.
 */
export interface GenerationCache<V> {
  get(key: string): V | undefined;
  /**
   * Keep `value`, read after `stamp` was taken (BEFORE the read began: its generation and its time,
   * so the entry ages from when its data was read); ignored when that generation is already stale.
   */
  set(key: string, value: V, stamp: ReadStamp, bytes?: number): void;
}

/** When a read began: the change generation then, the wall clock and the app's clock. */
export interface ReadStamp {
  generation: number;
  wallAt: number;
  clockAt: number;
}

export function readStamp(changes: ChangeGeneration, clock: Clock): ReadStamp {
  return { generation: changes.current(), wallAt: Date.now(), clockAt: clock.now().getTime() };
}

interface Entry<V> {
  value: V;
  wallAt: number;
  clockAt: number;
  bytes: number;
}

export function createGenerationCache<V>(options: {
  changes: ChangeGeneration;
  clock: Clock;
  ttlMs: number;
  maxEntries: number;
  /** Bound on the sum of the entries' `bytes` (as the caller measures them). */
  maxBytes: number;
  /**
   * At most `max` entries whose keys share `of(key)` (a session): one caller cannot push everyone
   * else's entries out; its own oldest goes first.
   */
  perGroup?: { max: number; of: (key: string) => string };
}): GenerationCache<V> {
  const { changes, clock, ttlMs, maxEntries, maxBytes, perGroup } = options;
  const entries = new Map<string, Entry<V>>();
  /** Each group's keys, oldest first (a Set iterates in insertion order). */
  const groups = new Map<string, Set<string>>();
  let generation = changes.current();
  let bytes = 0;
  const catchUp = () => {
    if (changes.current() === generation) return;
    entries.clear();
    groups.clear();
    bytes = 0;
    generation = changes.current();
  };
  const drop = (key: string, entry: Entry<V>) => {
    entries.delete(key);
    bytes -= entry.bytes;
    if (!perGroup) return;
    const group = perGroup.of(key);
    const keys = groups.get(group);
    keys?.delete(key);
    if (keys?.size === 0) groups.delete(group);
  };
  const joinGroup = (key: string) => {
    if (!perGroup) return;
    const group = perGroup.of(key);
    let keys = groups.get(group);
    if (!keys) groups.set(group, (keys = new Set()));
    if (keys.size >= perGroup.max) {
      const oldest = keys.values().next().value as string;
      drop(oldest, entries.get(oldest)!);
    }
    keys.add(key);
  };
  return {
    get(key) {
      catchUp();
      const entry = entries.get(key);
      if (!entry) return undefined;
      const clockAge = clock.now().getTime() - entry.clockAt;
      if (Date.now() - entry.wallAt >= ttlMs || clockAge >= ttlMs || clockAge < 0) {
        drop(key, entry);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, stamp, size = 0) {
      catchUp();
      if (ttlMs <= 0 || stamp.generation !== generation || size > maxBytes) return;
      const old = entries.get(key);
      if (old) drop(key, old);
      joinGroup(key);
      entries.set(key, { value, wallAt: stamp.wallAt, clockAt: stamp.clockAt, bytes: size });
      bytes += size;
      // Oldest first out (a Map iterates in insertion order): the expired, then any over the bounds,
      // so no family's data outlives its time in memory longer than until the next entry is kept.
      const now = Date.now();
      for (const [k, e] of entries) {
        if (now - e.wallAt < ttlMs && entries.size <= maxEntries && bytes <= maxBytes) break;
        drop(k, e);
      }
    },
  };
}
