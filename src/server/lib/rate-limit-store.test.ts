import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../db/client.ts';
import { openTestDatabase } from '../../../test/helpers.ts';
import { postgresRateLimitStore, sweepRateLimitCounters } from './rate-limit-store.ts';

let one: Database;
let other: Database;
beforeAll(async () => {
  one = await openTestDatabase();
  // A second pool on the same database: another instance's.
  other = openPostgres(one.url);
});
afterAll(async () => {
  await other.close();
  await one.close();
});

const routeStore = (database: Database, url: string) => {
  const Store = postgresRateLimitStore(database);
  return new Store({}).child({ routeInfo: { method: 'POST', url } } as never);
};
const hit = (store: FastifyRateLimitStore, key: string, windowMs: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 10));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the PostgreSQL rate-limit store', () => {
  it('counts every hit of a key once, from any number of instances at the same moment', async () => {
    const [a, b] = [routeStore(one, '/api/v1/at-once'), routeStore(other, '/api/v1/at-once')];
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => hit(i % 2 ? b : a, '198.51.100.1', 60_000)));
    expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const r of results) expect(r.ttl).toBeGreaterThan(50_000);
  });

  it('counts each route and each key apart', async () => {
    const [signIn, reset] = [routeStore(one, '/api/v1/sign-in-like'), routeStore(one, '/api/v1/reset-like')];
    await hit(signIn, '198.51.100.2', 60_000);
    expect((await hit(signIn, '198.51.100.2', 60_000)).current).toBe(2);
    expect((await hit(reset, '198.51.100.2', 60_000)).current).toBe(1);
    expect((await hit(signIn, '198.51.100.3', 60_000)).current).toBe(1);
  });

  it('starts a new window at the first hit after one ends, and the sweep deletes ended windows only', async () => {
    const store = routeStore(one, '/api/v1/windows');
    await hit(store, 'short', 300);
    expect(await hit(store, 'short', 300)).toMatchObject({ current: 2 });
    await hit(store, 'long', 60_000);
    await sleep(400);
    const again = await hit(store, 'short', 300);
    expect(again.current).toBe(1);
    expect(again.ttl).toBeGreaterThan(0);
    expect(again.ttl).toBeLessThanOrEqual(300);

    await hit(store, 'ended', 1);
    await sleep(20);
    expect(await sweepRateLimitCounters(one)).toBeGreaterThanOrEqual(1);
    const { rows } = await one.execute(`SELECT key FROM rate_limit_counters WHERE key LIKE 'POST /api/v1/windows%' ORDER BY key`);
    expect(rows.map((r) => String(r.key).split('\n')[1])).toEqual(['long', 'short']);
  });

  it('refuses a limit declared outside a route, whose counters no route would own', () => {
    const Store = postgresRateLimitStore(one);
    expect(() => new Store({}).child({ routeInfo: {} } as never)).toThrow(/per route/);
  });
});
