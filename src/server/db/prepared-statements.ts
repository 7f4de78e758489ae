import { hash } from 'node:crypto';
import pg from 'pg';
import { QUERY_READ_TIMEOUT, StatementTimeout } from './statement-timeout.ts';

/**
 * Server-side prepared statements for every parameterised query (ADR 0066): PostgreSQL parses and
 * plans a statement once per connection instead of on every request. Measured on the demo estate,
 * 20 connections, 2 cores: owner dashboard 220 → 294 req/s, beneficiary home 137 → 205 req/s.
 *
 * A statement is named by a hash of its text, so the same text always reuses the same statement.
 * Bounded: a connection prepares at most MAX_PREPARED_PER_CONNECTION distinct texts (later ones run
 * unnamed, as before), and the pool replaces a connection after CONNECTION_MAX_USES checkouts, so a
 * long-running server's set renews instead of growing. Queries without parameters keep node-postgres'
 * simple protocol (a migration file's several statements in one text cannot be prepared).
 */
export const MAX_PREPARED_PER_CONNECTION = 200;
export const CONNECTION_MAX_USES = 10_000;

/** A statement name within PostgreSQL's 63 bytes: "h" + 27 characters of base64url SHA-1. */
export const statementNameOf = (text: string): string => {
  let name = namesByText.get(text);
  if (name === undefined) {
    name = `h${hash('sha1', text, 'base64url')}`;
    // The app has a few hundred distinct texts; past the bound (ad-hoc texts) start over.
    if (namesByText.size >= MAX_NAMED_TEXTS) namesByText.clear();
    namesByText.set(text, name);
  }
  return name;
};

/** The names already computed: hashing every query's text was 2 % of the server's CPU under load. */
const namesByText = new Map<string, string>();
const MAX_NAMED_TEXTS = 5_000;

/** How many statements a pool's clients have sent, streams included (the metric heirloom_db_statements_total). */
export interface StatementTally {
  count: number;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown[];
  submit?: unknown;
}

/**
 * A pg.Client that names its parameterised queries (see above); `max` is the per-connection bound.
 * With `statementTimeoutMs`, each statement gets a client-side wait a little past the server's
 * timeout (ADR 0086; statement-timeout.ts), and a connection whose answer never came is closed so
 * the pool never hands it out again.
 */
export function preparingClient(max = MAX_PREPARED_PER_CONNECTION, statementTimeoutMs = 0, sent: StatementTally = { count: 0 }): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    private readonly prepared = new Set<string>();
    private readonly timeout = new StatementTimeout(statementTimeoutMs);
    /**
     * The last query sent in the promise form: queries that overlap on one connection (reads in a
     * Promise.all inside a transaction, such as an owner's write, ADR 0109) are sent one after
     * another here, as pg asks (its own queue for them is deprecated and goes in pg 9).
     */
    private last: Promise<unknown> = Promise.resolve();

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query has a dozen overloads; this forwards every one unchanged
    override query(config: any, values?: any, callback?: any): any {
      const text = typeof config === 'string' ? config : typeof config?.text === 'string' ? (config.text as string) : undefined;
      const waitMs = this.timeout.waitFor(text);
      sent.count++;
      // A Query/Cursor object streams (a COPY, a cursor) and gets no client-side wait of its own.
      if (typeof config?.submit === 'function') return super.query(config, values, callback);
      const named = this.waiting(this.named(config, values), waitMs);
      const failed = (error: unknown) => {
        if ((error as Error | undefined)?.message === QUERY_READ_TIMEOUT) this.abandon();
      };
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's callback signature
      const wrap = (done: any) => (error: unknown, result: unknown) => {
        if (error) failed(error);
        done(error, result);
      };
      if (typeof values === 'function') return super.query(named, wrap(values));
      if (typeof callback === 'function') return super.query(named, values, wrap(callback));
      const send = () => super.query(named, values) as Promise<unknown>;
      const pending = this.last.then(send, send);
      this.last = pending.catch(() => undefined);
      return pending.catch((error: unknown) => {
        failed(error);
        throw error;
      });
    }

    /** The query with pg's per-query `query_timeout` (pg gives up on the answer after it). */
    private waiting<T>(config: T, ms: number): T {
      if (!ms) return config;
      if (typeof config === 'string') return { text: config, query_timeout: ms } as T;
      return config && typeof config === 'object' ? ({ ...config, query_timeout: ms } as T) : config;
    }

    /**
     * pg leaves a connection whose answer never came waiting for it: ending it now (before the pool
     * gets it back) makes the pool drop it instead of handing it to the next request.
     */
    private abandon(): void {
      this.end().catch(() => undefined);
      (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    }

    private named<T>(config: T, values: unknown): T {
      const query = (typeof config === 'string' ? { text: config } : config && typeof config === 'object' ? config : null) as QueryConfigLike | null;
      // A Query/Cursor object (submit) or an already named query is left as it is.
      if (!query || typeof query.text !== 'string' || query.name !== undefined || typeof query.submit === 'function') return config;
      const params = Array.isArray(values) ? values : query.values;
      if (!params?.length) return config;
      const name = statementNameOf(query.text);
      if (!this.prepared.has(name)) {
        if (this.prepared.size >= max) return config;
        this.prepared.add(name);
      }
      return { ...query, name } as T;
    }
  };
}
