/**
 * EXPLAIN ANALYZE of the beneficiary's hot queries (home counts and recent activity, the first and a
 * later page of Shared Memories and Shared Documents), as the server builds them, on the large
 * platform of `npm run bench:data` (the known beneficiary; VIEWER=<user id> for another):
 * `npx tsx bench/explain/shared.ts > bench/explain/shared.md`.
 */
import { ZSharedDocumentsQuery, ZSharedMemoriesQuery } from '../../src/core/shared-content.schemas.ts';
import { getSharedHome } from '../../src/server/modules/shared-content/get-shared-home.ts';
import { pageSharedDocuments, pageSharedMemories } from '../../src/server/modules/shared-content/shared-views.ts';
import { KNOWN, LARGE_DATABASE_URL } from '../known.ts';
import { explainer } from '../lib/explain.ts';

const { pool, explain, ctxFor, end } = explainer(process.env.DATABASE_URL ?? LARGE_DATABASE_URL);
const { rows } = await pool.query<{ id: string; version: string }>(`SELECT id, current_setting('server_version') AS version FROM users WHERE email = $1`, [KNOWN.beneficiary]);
const viewer = process.env.VIEWER ?? rows[0]?.id;
if (!viewer) throw new Error(`${KNOWN.beneficiary} is not in the database: run npm run bench:data first (or set VIEWER)`);
const linked = await pool.query<{ id: string }>(`SELECT DISTINCT estate_id::text AS id FROM beneficiaries WHERE user_id = $1`, [viewer]);
// Only what these loaders read of a request's context (the session check gives the linked estates).
const ctx = ctxFor({ userId: viewer, linkedEstateIds: linked.rows.map((r) => r.id) });

console.log(`# Beneficiary hot queries: EXPLAIN ANALYZE at the large size\n`);
console.log(`PostgreSQL ${rows[0]?.version ?? '?'}; viewer ${viewer}. Produced by \`bench/explain/shared.ts\`. Timings are of one warm run.`);
await explain('beneficiary home (linked estates, capped counts, recent activity)', () => getSharedHome(ctx));
const memories = await pageSharedMemories(ctx, { limit: 24 });
await explain('Shared Memories, first page', () => pageSharedMemories(ctx, { limit: 24 }));
await explain('Shared Memories, second page', () => pageSharedMemories(ctx, { limit: 24, cursor: ZSharedMemoriesQuery.shape.cursor.parse(memories.nextCursor) }));
const documents = await pageSharedDocuments(ctx, { limit: 24 });
await explain('Shared Documents, first page', () => pageSharedDocuments(ctx, { limit: 24 }));
await explain('Shared Documents, second page', () => pageSharedDocuments(ctx, { limit: 24, cursor: ZSharedDocumentsQuery.shape.cursor.parse(documents.nextCursor) }));
await end();
