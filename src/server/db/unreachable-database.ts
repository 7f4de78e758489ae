import { ConfigError } from '../config.ts';
import { serverAddress } from '../lib/server-address.ts';

// What pg says when nothing (or nothing in time) answers at the address.
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);
const LOGIN_REFUSED = new Set(['28P01', '28000']);

/**
 * A start (or an operator command) whose first connection to DATABASE_URL failed: one line naming
 * the setting and the server, never the password, instead of the driver's stack (ADR 0083, 0113).
 * Undefined for anything else (a bug keeps its stack).
 */
export function unreachableDatabase(error: unknown, url: string): ConfigError | undefined {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const where = serverAddress(url, 5432);
  const words = String(message).replace(/\s+/g, ' ').trim();
  if (code === '3D000') return new ConfigError(`DATABASE_URL: ${words} on the PostgreSQL server at ${where.replace(/\/.*$/, '')} (create it, or correct DATABASE_URL)`);
  if (LOGIN_REFUSED.has(String(code))) return new ConfigError(`DATABASE_URL: the PostgreSQL server at ${where} refused the login (${words})`);
  if (code === '57P03') return new ConfigError(`DATABASE_URL: the PostgreSQL server at ${where} is starting up or shutting down (${words}); start Heirloom again once it is up`);
  if (UNREACHABLE.has(String(code)) || /timeout/i.test(words)) return new ConfigError(`DATABASE_URL: no PostgreSQL server answers at ${where} (${words})`);
  return undefined;
}
