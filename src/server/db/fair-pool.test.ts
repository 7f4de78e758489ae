import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplateDatabase } from '../../../test/helpers.ts';
import { FairPool, requestArrival } from './fair-pool.ts';

/** ADR 0069: the pool's connections go to the oldest request first, and a slot is never lost. */
let url: string;
beforeAll(async () => {
  ({ url } = await copyTemplateDatabase());
});

describe('the fair pool', () => {
  let pool: FairPool;
  beforeAll(() => {
    pool = new FairPool({ connectionString: url, max: 1 });
  });
  afterAll(async () => pool.end());

  it('gives a freed connection to the request that arrived first, not to the one that asked first', async () => {
    const held = await pool.connect();
    const order: string[] = [];
    // A request that arrived at t=30 asks first; older requests (t=10, t=20) ask after it.
    const asks = (['late:30', 'oldest:10', 'middle:20'] as const).map((label) => {
      const arrival = Number(label.split(':')[1]);
      return requestArrival.run(arrival, () =>
        pool.query('select 1').then(() => {
          order.push(label.split(':')[0]!);
        }),
      );
    });
    expect(pool.queued).toBe(3);
    held.release();
    await Promise.all(asks);
    expect(order).toEqual(['oldest', 'middle', 'late']);
    expect(pool.queued).toBe(0);
  });

  it('serves work outside any request in the order it asked, after requests that arrived before it', async () => {
    const held = await pool.connect();
    const order: string[] = [];
    const job = pool.query('select 1').then(() => order.push('job'));
    const request = requestArrival.run(performance.now() - 60_000, () => pool.query('select 1').then(() => order.push('request')));
    held.release();
    await Promise.all([job, request]);
    expect(order).toEqual(['request', 'job']);
  });

  it('keeps working after a transaction is given back broken (the slot comes back with the error)', async () => {
    const client = await pool.connect();
    client.release(new Error('connection lost'));
    await expect(pool.query('select 1 as one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });
});

describe('a pool that cannot reach its database', () => {
  it('fails every waiter instead of leaving one stuck behind a failed connection', async () => {
    const pool = new FairPool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', max: 1, connectionTimeoutMillis: 2_000 });
    try {
      const answers = await Promise.allSettled([pool.query('select 1'), pool.query('select 1'), pool.query('select 1')]);
      expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected', 'rejected']);
    } finally {
      await pool.end();
    }
  });
});
