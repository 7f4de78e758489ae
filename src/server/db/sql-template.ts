import { is, Param, Placeholder, SQL, sql, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/** Where the caller's value goes, with the encoder of the column it was compared with. */
class Slot {
  constructor(readonly encoder: Param['encoder'] | undefined) {}
}

/**
 * A fixed SQL condition with one value in it (usually the viewer's user id), rendered to text once
 * and reused: `build(db, arg)` is called on first use with a placeholder for the value; every call
 * then returns a flat SQL of text pieces and parameters with the caller's value in each of the
 * placeholder's places. The result renders to exactly the text and parameters `build` would give
 * for that value (sql-template.test.ts checks it on the access policy's conditions).
 *
 * Why: drizzle renders SQL by walking its tree of chunks, and the access policy's conditions are
 * trees of hundreds of chunks (nested EXISTS with aliases): the queries carrying them were the three
 * costliest SQL builds under the mixed load (0.6–1.1 ms each; ADR 0070). A flat SQL of a few dozen
 * chunks is cheap to render. Only for conditions whose shape never depends on the value.
 */
export function sqlTemplate(build: (db: Db, arg: Placeholder) => SQL, options: { comparedWith?: Param['encoder'] } = {}): (db: Db, value: unknown) => SQL {
  let chunks: (StringChunk | Param | Slot)[] | undefined;
  return (db, value) => {
    chunks ??= render(build(db, sql.placeholder('arg')), options.comparedWith);
    return new SQL(chunks.map((c) => (c instanceof Slot ? new Param(value, c.encoder) : c)));
  };
}

/**
 * `comparedWith`: the column the value is compared with. drizzle keeps no column with a placeholder
 * (`eq(column, placeholder)`), so without it the value would go to the driver unmapped; with it, as
 * `eq(column, value)` sends it.
 */
function render(condition: SQL, comparedWith: Param['encoder'] | undefined): (StringChunk | Param | Slot)[] {
  const { sql: text, params } = dialect.sqlToQuery(condition);
  const pieces = text.split(/\$(\d+)/);
  // split with a capturing group: text, number, text, number, …, text
  const numbers = pieces.filter((_, i) => i % 2 === 1).map(Number);
  if (numbers.length !== params.length || numbers.some((n, i) => n !== i + 1)) {
    throw new Error('sqlTemplate: the condition must number its parameters $1…$n in order and contain no other "$<digits>"');
  }
  return pieces.map((piece, i) => {
    if (i % 2 === 0) return new StringChunk(piece);
    const param = params[(i - 1) / 2];
    if (is(param, Placeholder)) return new Slot(comparedWith);
    if (is(param, Param) && is(param.value, Placeholder)) return new Slot(param.encoder);
    // Already the driver's value (rendering mapped it through its encoder).
    return new Param(param);
  });
}
