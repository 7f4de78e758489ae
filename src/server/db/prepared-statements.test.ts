import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplateDatabase } from '../../../test/helpers.ts';
import { openPostgres, type Database } from './client.ts';
import { preparingClient, statementNameOf } from './prepared-statements.ts';

/**
 * ADR 0066: parameterised queries run as named prepared statements, bounded per connection; the app's
 * pool uses them (every API test goes through it), these tests pin down what the client itself does.
 */
let database: Database;
let url: string;
beforeAll(async () => {
  // A fresh copy of the template (the global teardown drops it); the app's pool and our own clients on it.
  ({ url } = await copyTemplateDatabase());
  database = openPostgres(url);
});
afterAll(async () => database.close());

async function withClient<T>(max: number, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const Client = preparingClient(max);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const preparedNames = async (client: pg.Client) => (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);

describe('prepared statements', () => {
  it('prepares a parameterised query once and answers it correctly every time', async () => {
    await withClient(10, async (client) => {
      const text = 'select $1::int + 1 as n';
      for (const v of [1, 2, 3]) expect((await client.query({ text, values: [v] })).rows[0]).toEqual({ n: v + 1 });
      expect((await client.query(text, [41])).rows[0]).toEqual({ n: 42 });
      expect(await preparedNames(client)).toEqual([statementNameOf(text)]);
    });
  });

  it('stops preparing at the bound and still runs the queries past it', async () => {
    await withClient(3, async (client) => {
      for (let i = 0; i < 6; i++) expect((await client.query({ text: `select $1::int * ${i} as n`, values: [2] })).rows[0]).toEqual({ n: 2 * i });
      expect(await preparedNames(client)).toHaveLength(3);
    });
  });

  it('leaves queries without parameters on the simple protocol (several statements in one text still run)', async () => {
    await withClient(10, async (client) => {
      await client.query('create temporary table t (n int); insert into t values (1), (2)');
      expect((await client.query('select count(*)::int as c from t')).rows[0]).toEqual({ c: 2 });
      expect(await preparedNames(client)).toEqual([]);
    });
  });

  it('is what the app pool runs: a parameterised statement is prepared on its connection', async () => {
    const text = 'select $1::text as said, (select array_agg(name) from pg_prepared_statements) as names';
    const first = await database.execute(text, ['hello']);
    const second = await database.execute(text, ['again']);
    expect(second.rows[0]!.said).toBe('again');
    const names = [...((first.rows[0]!.names as string[] | null) ?? []), ...((second.rows[0]!.names as string[] | null) ?? [])];
    expect(names).toContain(statementNameOf(text));
  });
});
