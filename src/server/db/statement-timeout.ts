import { sql, type SQL } from 'drizzle-orm';

/**
 * How long past the statement timeout the client still waits for an answer (ADR 0086). PostgreSQL
 * cancels a slow statement itself at `statement_timeout` and the connection stays usable; only a
 * database that cannot answer at all (frozen, cut off) lets this wait run out.
 */
export const ANSWER_GRACE_MS = 2_000;

/** pg's error when the client-side wait for an answer ran out. */
export const QUERY_READ_TIMEOUT = 'Query read timeout';

const SET_LOCAL = /^\s*set\s+local\s+statement_timeout\s*(?:=|to)\s*'?(\d+)'?\s*;?\s*$/i;
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const END = /^\s*(commit|rollback|end|abort)\b/i;

/**
 * Follows one connection's statement timeout through `SET LOCAL statement_timeout` (which lasts to
 * the end of its transaction), so the client's own wait backs whatever the server applies.
 */
export class StatementTimeout {
  private inTransaction = false;
  private local: number | undefined;

  constructor(private readonly base: number) {}

  /** The client-side wait in ms for the statement `text` (0: none), after noting what it changes. */
  waitFor(text: string | undefined): number {
    if (text !== undefined) {
      if (BEGIN.test(text)) this.inTransaction = true;
      else if (END.test(text)) {
        this.inTransaction = false;
        this.local = undefined;
      } else if (this.inTransaction) {
        const set = SET_LOCAL.exec(text);
        if (set) this.local = Number(set[1]);
      }
    }
    const ms = this.local ?? this.base;
    return ms > 0 ? ms + ANSWER_GRACE_MS : 0;
  }
}

/** What a job's long statement may take (deleting a whole estate by cascade). */
export const LONG_WORK_STATEMENT_MS = 5 * 60_000;

/**
 * Lets each statement of the current transaction run up to `ms` (0: no limit), for legitimate long
 * work on the app's pool (a job deleting a whole estate). Call it first inside the transaction.
 */
export async function allowLongStatements(tx: { execute(query: SQL): PromiseLike<unknown> }, ms: number): Promise<void> {
  await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${Math.max(0, Math.floor(ms))}`));
}
