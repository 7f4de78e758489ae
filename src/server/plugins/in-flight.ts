import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests whose handler has not answered yet (graceful shutdown waits for them before closing the database). */
    inFlight: InFlightRequests;
  }
}

export interface InFlightRequests {
  readonly count: number;
  /** Resolves true once every request counted now or later has answered, false when `timeoutMs` passed first. */
  settled(timeoutMs: number): Promise<boolean>;
}

/**
 * Counts requests from their first hook until their handler has answered (onSend, which runs even
 * when the caller has already hung up — closing the socket does not stop a handler, and a handler
 * still in its auth step must not find the database closed). onResponse is the fallback for
 * answers that skip onSend.
 */
export const inFlightPlugin = fp(async (app: FastifyInstance) => {
  const open = new Set<FastifyRequest>();
  const waiters = new Set<() => void>();
  const done = (request: FastifyRequest) => {
    if (!open.delete(request) || open.size > 0) return;
    for (const wake of waiters) wake();
    waiters.clear();
  };
  app.decorate('inFlight', {
    get count() {
      return open.size;
    },
    settled(timeoutMs: number) {
      if (open.size === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(wake);
          resolve(false);
        }, timeoutMs);
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        waiters.add(wake);
      });
    },
  } satisfies InFlightRequests);
  app.addHook('onRequest', async (request) => {
    open.add(request);
  });
  app.addHook('onSend', async (request) => {
    done(request);
  });
  app.addHook('onResponse', async (request) => {
    done(request);
  });
});
