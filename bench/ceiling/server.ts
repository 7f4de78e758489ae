/**
 * The ceiling: a bare Fastify 5 + pg server in its own process (as the app runs in its own), with
 * one route per screen in ceiling/sql.ts — GET /<screen> reads the session cookie, runs that
 * screen's ONE prepared statement, and sends the JSON text PostgreSQL built. argv: port, database URL.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { CEILINGS, slugOf } from './sql.ts';

const [port, databaseUrl] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const app = Fastify({ logger: false });
const SESSION = /(?:^|;\s*)heirloom_session=([^;]+)/;

app.get('/ready', async () => ({ ok: true }));
for (const [screen, text] of Object.entries(CEILINGS)) {
  const name = `ceiling_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  app.get(`/${slugOf(screen)}`, async (request, reply) => {
    const token = SESSION.exec(request.headers.cookie ?? '')?.[1];
    if (!token) return reply.code(401).send({ error: 'no session' });
    const { rows } = await pool.query<{ body: string | null }>({ name, text, values: [createHash('sha256').update(token).digest('hex')] });
    const body = rows[0]?.body;
    if (!body) return reply.code(401).send({ error: 'no session' });
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
