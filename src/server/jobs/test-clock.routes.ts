import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdjustableClock } from '../lib/clock.ts';

const TEN_YEARS_MS = 10 * 366 * 24 * 60 * 60 * 1000;

/** Negative values move it back (a spec puts the clock back where it found it). */
const ZAdvanceClockRequest = z.object({ advanceMs: z.number().int().min(-TEN_YEARS_MS).max(TEN_YEARS_MS) }).strict();
const ZAdvanceClockResponse = z.object({
  now: z.string(),
  ran: z.array(z.object({ job: z.string(), result: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).nullable() })),
});

/**
 * End-to-end tests only (E2E_CLOCK=true, never in production — main.ts refuses that): move the
 * server's clock forward and run the jobs that are now due, so a test can watch a future message
 * being delivered "when its time comes". Even then only a signed-in administrator may move it.
 */
export function testClockRoutes(clock: AdjustableClock) {
  return async function register(base: FastifyInstance) {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/v1/test/clock',
      { schema: { tags: ['test'], body: ZAdvanceClockRequest, response: { 200: ZAdvanceClockResponse } }, config: { permission: 'update:system-settings:any' } },
      async (req) => {
        clock.advance(req.body.advanceMs);
        const ran = await req.baseCtx.jobs.runDue();
        return { now: clock.now().toISOString(), ran };
      },
    );
  };
}
