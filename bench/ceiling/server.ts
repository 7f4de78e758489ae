/**
 * The ceiling: a bare Fastify 5 + pg server in its own process (as the app runs in its own), with
 * one route per screen in ceiling/sql.ts — GET /<screen> reads the session cookie, runs that
 * screen's ONE prepared statement, and sends the JSON text PostgreSQL built. argv: port, database URL.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { CEILINGS, SEARCHES, slugOf } from './sql.ts';

const [port, databaseUrl] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const app = Fastify({ logger: false });
const SESSION = /(?:^|;\s*)heirloom_session=([^;]+)/;

app.get('/ready', async () => ({ ok: true }));
for (const [screen, text] of Object.entries(CEILINGS)) {
  const name = `ceiling_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  app.get<{ Querystring: { q?: string } }>(`/${slugOf(screen)}`, async (request, reply) => {
    const token = SESSION.exec(request.headers.cookie ?? '')?.[1];
    if (!token) return reply.code(401).send({ error: 'no session' });
    const session = createHash('sha256').update(token).digest('hex');
    const q = request.query.q ?? '';
    const values = SEARCHES.has(screen) ? [session, q, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`] : [session];
    // A search runs unnamed, planned with its values each time: with the session's estate known only
    // inside the statement, PostgreSQL's cached generic plan for it walked the search index over every
    // estate (130 ms instead of 5 ms). Every other screen's statement is prepared once, as the app's are.
    const { rows } = await pool.query<{ body: string | null }>(SEARCHES.has(screen) ? { text, values } : { name, text, values });
    const body = rows[0]?.body;
    if (!body) return reply.code(401).send({ error: 'no session' });
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
