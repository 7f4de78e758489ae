import { QUERY_READ_TIMEOUT } from '../db/statement-timeout.ts';
import { storageFailureOf } from '../storage/storage-errors.ts';

/** The plain words of the 503 a dependency that does not answer gives (ADR 0086). */
export const UNANSWERED_MESSAGE = 'The service is not answering right now; please try again in a minute.';

// pg-pool's and pg's own words when opening a connection ran out of time.
const DATABASE_TIMEOUTS = new Set([QUERY_READ_TIMEOUT, 'timeout exceeded when trying to connect', 'Connection terminated due to connection timeout', 'Connection terminated unexpectedly']);
// PostgreSQL's query_canceled (statement_timeout) and lock_not_available (lock_timeout); a server
// that is shutting down, restarting or starting (57P01–57P03) or whose connection broke (08006), or
// refuses connections: a database outage answers 503 like a timeout (ADR 0113). Not ECONNRESET: a
// client that hangs up mid-upload says the same.
const DATABASE_CODES = new Set(['57014', '55P03', '57P01', '57P02', '57P03', '08006', 'ECONNREFUSED']);
const STORAGE_CODES = new Set(['ETIMEDOUT', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH']);

/** The error and the causes it wraps (drizzle wraps a failed query's error as its cause). */
function* chain(error: unknown): Iterable<{ name?: unknown; message?: unknown; code?: unknown }> {
  for (let at = error, depth = 0; at && typeof at === 'object' && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    yield at as { name?: unknown; message?: unknown; code?: unknown };
  }
}

/**
 * Which dependency did not answer in time (or refused the connection), if that is what `error`
 * says: the database (the pool's acquire timeout, a statement timeout, the client's wait for an
 * answer) or the file store (a request or connection timeout of the S3 client).
 */
export function unansweredDependency(error: unknown): 'database' | 'storage' | undefined {
  if (storageFailureOf(error)) {
    return [...chain(error)].some((e) => e.name === 'TimeoutError' || STORAGE_CODES.has(String(e.code))) ? 'storage' : undefined;
  }
  for (const e of chain(error)) {
    if (DATABASE_TIMEOUTS.has(String(e.message)) || DATABASE_CODES.has(String(e.code))) return 'database';
  }
  return undefined;
}
