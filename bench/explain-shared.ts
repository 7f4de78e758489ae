/**
 * EXPLAIN ANALYZE of the beneficiary's hot queries (home counts and recent activity, the first and a
 * later page of Shared Memories and Shared Documents), as the server builds them, against the
 * PostgreSQL in DATABASE_URL: `DATABASE_URL=… VIEWER=<user id> npx tsx bench/explain-shared.ts`.
 * The plans seen at 100k memories are in bench/explain-shared.md.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../src/server/db/schema/index.ts';
import type { Ctx } from '../src/server/context.ts';
import type { Db } from '../src/server/db/client.ts';
import { getSharedHome } from '../src/server/modules/shared-content/get-shared-home.ts';
import { pageSharedDocuments, pageSharedMemories } from '../src/server/modules/shared-content/shared-views.ts';
import { zDayCursor, zTimeCursor } from '../src/core/keyset.schemas.ts';

const url = process.env.DATABASE_URL;
const viewer = process.env.VIEWER;
if (!url || !viewer) throw new Error('Set DATABASE_URL and VIEWER (a beneficiary user id)');

const pool = new pg.Pool({ connectionString: url, max: 1 });
const captured: { query: string; params: unknown[] }[] = [];
const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } }) as unknown as Db;
// Only what these loaders read of a request's context.
const ctx = { db, actor: { userId: viewer } } as unknown as Ctx;

async function explain(title: string, run: () => Promise<unknown>) {
  captured.length = 0;
  await run();
  for (const { query, params } of captured) {
    const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`, params);
    console.log(`\n### ${title}\n\n\`\`\`sql\n${query}\n\`\`\`\n\n\`\`\`\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}\n\`\`\``);
  }
}

await explain('beneficiary home (linked estates, capped counts, recent activity)', () => getSharedHome(ctx));
const memories = await pageSharedMemories(ctx, { limit: 24 });
await explain('Shared Memories, first page', () => pageSharedMemories(ctx, { limit: 24 }));
await explain('Shared Memories, second page', () => pageSharedMemories(ctx, { limit: 24, cursor: zDayCursor.parse(memories.nextCursor) }));
const documents = await pageSharedDocuments(ctx, { limit: 24 });
await explain('Shared Documents, first page', () => pageSharedDocuments(ctx, { limit: 24 }));
await explain('Shared Documents, second page', () => pageSharedDocuments(ctx, { limit: 24, cursor: zTimeCursor.parse(documents.nextCursor) }));
await pool.end();
