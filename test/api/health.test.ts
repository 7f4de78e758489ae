import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers.ts';

/** A liveness probe of a busy server must answer: the app's pool can be full, the probe still gets through. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
});
afterAll(async () => t.close());

const LOCK = 580_001;

describe('/api/health', () => {
  it('answers ok while every connection of the app pool is busy (ADR 0058)', async () => {
    let blocked: Promise<unknown>[] = [];
    const res = await t.db.transaction(async (tx) => {
      // This transaction holds the lock on one pooled connection; 12 queries waiting for it take the
      // other 9 and queue behind them. Without its own connection the probe would wait here for ever.
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
      blocked = Array.from({ length: 12 }, () => t.database.execute('select pg_advisory_xact_lock($1)', [LOCK]));
      return t.app.inject({ method: 'GET', url: '/api/health' });
    });
    await Promise.all(blocked);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('says the database is down, 503, when it does not answer', async () => {
    const ping = t.database.ping;
    t.database.ping = () => Promise.reject(new Error('connection refused'));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'degraded', database: 'down' });
    } finally {
      t.database.ping = ping;
    }
  });
});
