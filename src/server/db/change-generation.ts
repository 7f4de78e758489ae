/**
 * The database's change generation (ADR 0067): a number this process bumps after every committed
 * change it makes, so the read cache (plugins/read-cache.ts) can tell that something it holds may be
 * out of date. It only has to be conservative: a bump too many costs a cache miss, a bump too few
 * would serve stale data.
 *
 * How: the pool's client (prepared-statements.ts) marks itself changed when a statement may have
 * changed data; when the pool gets the client back (after COMMIT or ROLLBACK, or after a statement
 * outside a transaction), the generation goes up. A reader that took the generation before the bump
 * may hold data from before the commit; every reader that takes it after the bump started after the
 * commit. Only this process's own pool is seen: another process writing to the same PostgreSQL is
 * noticed only when the cache's entries age out (READ_CACHE_SECONDS).
 */
export interface ChangeGeneration {
  /** The current generation; it only ever grows. */
  current(): number;
  bump(): void;
}

export function createChangeGeneration(): ChangeGeneration {
  let generation = 0;
  return {
    current: () => generation,
    bump: () => {
      generation += 1;
    },
  };
}

/** Statements that never change data (besides `SELECT`, judged by the result). */
const NEUTRAL_COMMANDS = new Set(['BEGIN', 'COMMIT', 'ROLLBACK', 'SAVEPOINT', 'RELEASE', 'SET', 'SHOW', 'RESET', 'DEALLOCATE', 'PREPARE', 'LISTEN', 'UNLISTEN']);
/** Row-changing commands: a change only when they touched a row. */
const ROW_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
/**
 * A SELECT may still write: through a data-modifying WITH, a sequence or setting function, or any
 * schema-qualified function (`SELECT pgboss.create_queue(…)`); the app's own reads call only
 * unqualified built-ins (count, lower, array_agg …) on quoted identifiers.
 */
const MAY_WRITE_IN_SELECT = /\b(insert|update|delete|merge|nextval|setval|set_config)\b|\b[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*\s*\(/i;

interface ResultLike {
  command?: unknown;
  rowCount?: unknown;
}

/**
 * Did this statement (its text and pg's result) possibly change data? Unknown shapes count as a
 * change. `SELECT … FOR UPDATE` counts too: it is part of a transaction that changes something.
 */
export function mayHaveChanged(text: string | undefined, result: unknown): boolean {
  if (Array.isArray(result)) return result.some((r) => mayHaveChanged(text, r));
  const { command, rowCount } = (result ?? {}) as ResultLike;
  if (typeof command !== 'string') return true;
  if (NEUTRAL_COMMANDS.has(command)) return false;
  if (command === 'SELECT') return text === undefined || MAY_WRITE_IN_SELECT.test(text);
  if (ROW_COMMANDS.has(command)) return rowCount !== 0;
  return true;
}
