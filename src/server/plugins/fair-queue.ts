import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestArrival } from '../db/fair-pool.ts';

/** Marks each request with when it arrived, so the database pool serves older requests first (db/fair-pool.ts, ADR 0069). */
export const fairQueuePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (_request, _reply, done) => {
    requestArrival.run(performance.now(), done);
  });
});
