import type { z } from 'zod';
import type { BaseCtx } from '../context.ts';

/** What a job handler receives: the app's dependencies (clock, db, mailer, …) and no signed-in actor. */
export type JobCtx = BaseCtx & { actor: null };

/**
 * One background job: a name, the shape of its payload, and an idempotent handler.
 *
 * - `every` (a cron expression, UTC) makes it periodic: the scheduler runs it on that schedule,
 *   and `jobs.runDue()` runs it once. Periodic jobs are "sweepers": they find the rows whose time
 *   has come by `ctx.clock` (so tests and the e2e clock can move time) and must be safe to run
 *   twice at once (claim rows with a guarded UPDATE … WHERE status = … in a transaction).
 * - Without `every`, it runs when something calls `jobs.enqueue(name, payload)`.
 *
 * For work that must happen "N days later", store the due time on the domain row and let a
 * periodic job pick it up: the due time then follows ctx.clock and survives restarts.
 */
export interface JobDefinition<P = unknown> {
  name: string;
  payload: z.ZodType<P>;
  every?: string;
  handler: (ctx: JobCtx, payload: P) => Promise<JobResult | void>;
}

/** What a run reports (counts only: logged, never personal content). */
export type JobResult = Record<string, number | string | boolean>;

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

/** A job with its payload type erased: `run` validates the raw payload with the job's schema first. */
export interface RegisteredJob {
  name: string;
  every: string | undefined;
  /** Validate a payload (throws a ZodError naming the bad field). */
  parse: (rawPayload: unknown) => unknown;
  run: (ctx: JobCtx, rawPayload: unknown) => Promise<JobResult | void>;
}

export function registered<P>(definition: JobDefinition<P>): RegisteredJob {
  return {
    name: definition.name,
    every: definition.every,
    parse: (rawPayload) => definition.payload.parse(rawPayload ?? {}),
    run: (ctx, rawPayload) => definition.handler(ctx, definition.payload.parse(rawPayload ?? {})),
  };
}
