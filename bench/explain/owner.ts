/**
 * EXPLAIN ANALYZE of the estate owner's hot queries (dashboard, memories list and search, documents
 * list and search: first and a later page), as the server builds them, on the large platform of
 * `npm run bench:data`: `npx tsx bench/explain/owner.ts > bench/explain/owner.md`.
 */
import { ZDocumentListQuery } from '../../src/core/documents.schemas.ts';
import { ZMemoryListQuery } from '../../src/core/memories.schemas.ts';
import { getDashboard } from '../../src/server/modules/dashboard/get-dashboard.ts';
import { listDocuments } from '../../src/server/modules/documents/list-documents.ts';
import { listMemories } from '../../src/server/modules/memories/list-memories.ts';
import { KNOWN, LARGE_DATABASE_URL } from '../known.ts';
import { explainer } from '../lib/explain.ts';

const { pool, explain, ctxFor, end } = explainer(process.env.DATABASE_URL ?? LARGE_DATABASE_URL);
const { rows } = await pool.query<{ user_id: string; estate_id: string; memories: string; documents: string; version: string }>(
  `SELECT u.id AS user_id, e.id AS estate_id,
          (SELECT count(*) FROM memories m WHERE m.estate_id = e.id)::text AS memories,
          (SELECT count(*) FROM documents d WHERE d.estate_id = e.id)::text AS documents,
          current_setting('server_version') AS version
     FROM users u JOIN estates e ON e.owner_id = u.id WHERE u.email = $1`,
  [KNOWN.owner],
);
const owner = rows[0];
if (!owner) throw new Error(`${KNOWN.owner} is not in the database: run npm run bench:data first`);
// Only what these loaders read of a request's context.
const ctx = ctxFor({ userId: owner.user_id, estateId: owner.estate_id, roles: ['estate-owner'], name: 'Bench Owner' });
const search = process.env.SEARCH ?? 'garden';

console.log(`# Estate owner's hot queries: EXPLAIN ANALYZE at the large size\n`);
console.log(`PostgreSQL ${owner.version}; the known owner's estate holds ${owner.memories} memories and ${owner.documents} documents (\`npm run bench:data\`). Produced by \`bench/explain/owner.ts\`; search term "${search}". Timings are of one warm run.`);

await explain('owner dashboard', () => getDashboard(ctx));
const memories = await listMemories(ctx, { limit: 24 });
await explain('memories list, first page', () => listMemories(ctx, { limit: 24 }));
await explain('memories list, second page', () => listMemories(ctx, { limit: 24, cursor: ZMemoryListQuery.shape.cursor.parse(memories.nextCursor) }));
const found = await listMemories(ctx, { limit: 24, q: search });
await explain(`memory search "${search}", first page`, () => listMemories(ctx, { limit: 24, q: search }));
if (found.nextCursor) await explain(`memory search "${search}", second page`, () => listMemories(ctx, { limit: 24, q: search, cursor: ZMemoryListQuery.shape.cursor.parse(found.nextCursor) }));
const documents = await listDocuments(ctx, { limit: 24 });
await explain('documents list, first page', () => listDocuments(ctx, { limit: 24 }));
await explain('documents list, second page', () => listDocuments(ctx, { limit: 24, cursor: ZDocumentListQuery.shape.cursor.parse(documents.nextCursor) }));
await explain('documents, legal only', () => listDocuments(ctx, { limit: 24, type: 'legal' }));
await explain(`document search "${search}"`, () => listDocuments(ctx, { limit: 24, q: search }));
await end();
