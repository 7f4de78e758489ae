/**
 * EXPLAIN ANALYZE of what a server function sends: runs it against DATABASE_URL on a logged
 * connection, then prints each captured query with its plan (markdown, for bench/explain/*.md).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../src/server/db/schema/index.ts';
import type { Ctx } from '../../src/server/context.ts';
import type { Db } from '../../src/server/db/client.ts';
import { systemClock } from '../../src/server/lib/clock.ts';

export function explainer(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const captured: { query: string; params: unknown[] }[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } }) as unknown as Db;
  return {
    db,
    pool,
    async explain(title: string, run: () => Promise<unknown>): Promise<void> {
      await run(); // once to warm the cache: the plans below are of a warm database, as under load
      captured.length = 0;
      const began = performance.now();
      await run();
      const took = performance.now() - began;
      console.log(`\n## ${title} — ${captured.length} ${captured.length === 1 ? 'query' : 'queries'}, ${took.toFixed(1)} ms in all\n`);
      for (const { query, params } of [...captured]) {
        const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`, params);
        console.log(`\`\`\`sql\n${query}\n\`\`\`\n\n\`\`\`\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}\n\`\`\`\n`);
      }
    },
    /** A request's context as the loaders read it: this database, the real clock, the given actor. */
    ctxFor: (actor: { userId: string; roles?: string[]; estateId?: string; name?: string; linkedEstateIds?: string[] }): Ctx =>
      ({ db, clock: systemClock, actor: { sessionId: 'bench-explain-session', name: 'Bench', ...actor } }) as unknown as Ctx,
    end: () => pool.end(),
  };
}
