/**
 * The ceiling: a bare Fastify 5 server answering GET /bytes/:n with a JSON body of exactly n bytes,
 * in its own process (as the app runs in its own), so autocannon and it do not share a thread.
 */
import Fastify from 'fastify';

const bodies = new Map<number, string>();
const app = Fastify({ logger: false });
app.get<{ Params: { n: string } }>('/bytes/:n', async (req, reply) => {
  const n = Math.max(2, Math.min(50_000_000, Number(req.params.n) || 2));
  let body = bodies.get(n);
  if (!body) {
    body = `"${'x'.repeat(n - 2)}"`;
    bodies.set(n, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
