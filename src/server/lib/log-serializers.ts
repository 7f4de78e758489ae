import type { FastifyRequest } from 'fastify';
import { storageFailureOf } from '../storage/storage-errors.ts';

/**
 * What the server log may hold. It never holds personal content or secrets: a failed query is
 * logged with its SQL text and the database's error code, never its parameters (a memory's title,
 * a password hash) nor the database's detail line (which quotes the row); a request's query string
 * is never logged and a token in a path (an invitation link) is logged as [redacted].
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A long opaque path segment: a token, never an id or a word. */
const TOKEN_LIKE = /^[A-Za-z0-9_~.%-]{20,}$/;

/**
 * The path without its query (search words, an email typed into a filter: user text, ADR 0082),
 * a token in it as [redacted].
 */
export function redactUrl(url: string): string {
  const [path = ''] = url.split('?', 1);
  return path
    .split('/')
    .map((segment) => (TOKEN_LIKE.test(segment) && !UUID.test(segment) ? '[redacted]' : segment))
    .join('/');
}

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    ...(request.routeOptions.url ? { route: request.routeOptions.url } : {}),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface DatabaseErrorFields {
  code?: unknown;
  severity?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  routine?: unknown;
  dataType?: unknown;
}

const DB_FIELDS = ['code', 'severity', 'table', 'column', 'constraint', 'routine', 'dataType'] as const;

/** A query error's message is "Failed query: <sql>\nparams: <values>": keep the SQL, drop the values. */
function safeMessage(error: Error): string {
  const message = String(error.message ?? '');
  if (!message.startsWith('Failed query:')) return message;
  const [sqlLine = ''] = message.split('\nparams:', 1);
  return sqlLine;
}

const isPostgresError = (error: unknown) => !!error && typeof error === 'object' && typeof (error as DatabaseErrorFields).severity === 'string';

function databaseFields(cause: unknown): Record<string, unknown> | undefined {
  if (!cause || typeof cause !== 'object') return undefined;
  const fields: Record<string, unknown> = {};
  for (const key of DB_FIELDS) {
    const value = (cause as DatabaseErrorFields)[key];
    if (typeof value === 'string' && value) fields[key] = value;
  }
  return Object.keys(fields).length ? fields : undefined;
}

export function serializeError(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const message = safeMessage(error);
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  const storage = storageFailureOf(error);
  // Only a failed query's cause and PostgreSQL's own errors (they carry a severity) are the database's:
  // an S3 or disk error has a `code` too.
  const database =
    storage === undefined && (message.startsWith('Failed query:') || isPostgresError(error.cause))
      ? databaseFields(error.cause)
      : storage === undefined && isPostgresError(error)
        ? databaseFields(error)
        : undefined;
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(database ? { database } : {}),
    ...(storage ? { storage } : {}),
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
}
