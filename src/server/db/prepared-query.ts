import type { Db } from './client.ts';

/**
 * A query whose SQL is built once per database (or transaction) handle instead of on every call:
 * drizzle's `.prepare(name)` with `sql.placeholder(…)` for the values. Building SQL was a quarter
 * of the server's CPU under load (issue 14 profile), most of it for a few hot shapes; use this for
 * those, not everywhere. The name must be unique in the app: PostgreSQL keeps one statement per name
 * on each connection.
 */
export function preparedQuery<P>(build: (db: Db) => P): (db: Db) => P {
  const byHandle = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byHandle.get(db);
    if (!prepared) {
      prepared = build(db);
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}
