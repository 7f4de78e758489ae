/**
 * Bulk loading for `npm run bench:data`: rows go in batches as ONE statement each with one array
 * parameter per column (`INSERT … SELECT * FROM unnest($1::uuid[], …)`), and the bulk tables'
 * secondary indexes are dropped before the load and rebuilt after it from their own definitions.
 */
import type pg from 'pg';

export const BATCH_ROWS = 5_000;

/** A column of a bulk table: its name and the PostgreSQL type of its array parameter. */
export type Column = readonly [name: string, type: string];

/** Appends rows to a table in batches; `flush()` writes what is left. */
export class BulkTable {
  private rows: unknown[][] = [];
  written = 0;
  constructor(
    private readonly client: pg.Client,
    private readonly table: string,
    private readonly columns: readonly Column[],
  ) {}

  async add(row: unknown[]): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= BATCH_ROWS) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.rows.length) return;
    const params = this.columns.map((_, c) => this.rows.map((row) => row[c]));
    const names = this.columns.map(([name]) => `"${name}"`).join(', ');
    const arrays = this.columns.map(([, type], c) => `$${c + 1}::${type}[]`).join(', ');
    await this.client.query(`INSERT INTO "${this.table}" (${names}) SELECT * FROM unnest(${arrays})`, params);
    this.written += this.rows.length;
    this.rows = [];
  }
}

/**
 * Drops every secondary index of the tables (not those backing a primary key or constraint) and
 * returns the statements that rebuild them as the migrations defined them.
 */
export async function dropSecondaryIndexes(client: pg.Client, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes
      WHERE schemaname = 'public' AND tablename = ANY($1)
        AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
    [tables],
  );
  for (const row of rows) await client.query(`DROP INDEX "${row.indexname}"`);
  return rows.map((r) => r.indexdef);
}
