import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Deps } from '../context.ts';

/**
 * The job scheduler's life cycle inside the app: the background poller starts when the app is
 * ready (only when asked — main.ts; tests run `app.deps.jobs.runDue()` instead) and stops before
 * the app closes its database.
 */
export const jobsPlugin = fp(async (app: FastifyInstance, opts: { deps: Deps; poll: boolean }) => {
  if (opts.poll) app.addHook('onReady', async () => opts.deps.jobs.start());
  app.addHook('onClose', async () => opts.deps.jobs.stop());
});
