import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/**
 * The per-client request limits (@fastify/rate-limit's counters, ADR 0085), shared by every
 * instance: one row per route and client key, counting the hits of its current window. A row whose
 * window has ended starts a new one at its next hit; the sweep-rate-limits job deletes the rest.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** The route (method and URL pattern) and the limit's key: the client's address (TRUST_PROXY, ADR 0082) or the route's own key. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: ts('window_ends_at').notNull(),
  },
  (t) => [index('rate_limit_counters_window_ends_at_idx').on(t.windowEndsAt)],
);
