/**
 * The executor (issue 28, ADR 0102): who the owner names to settle the estate after activation, and
 * a deputy who can act in their place. Each is one of the owner's beneficiaries with an account or
 * their estate administrator.
 */
import { z } from 'zod';
import { zId } from './common.schemas.ts';

export const EXECUTOR_POSITIONS = ['executor', 'deputy'] as const;
export type ExecutorPosition = (typeof EXECUTOR_POSITIONS)[number];

export const ZExecutorPerson = z.object({ userId: z.string(), name: z.string(), linkedAs: z.string() });
export type TExecutorPerson = z.infer<typeof ZExecutorPerson>;

/** GET /api/v1/executors: who is named, who could be, and whether it can still change. */
export const ZExecutors = z.object({
  executor: ZExecutorPerson.nullable(),
  deputy: ZExecutorPerson.nullable(),
  candidates: z.array(ZExecutorPerson),
  /** false once the estate is active: it is settled by those named before */
  canChange: z.boolean(),
});
export type TExecutors = z.infer<typeof ZExecutors>;

/** PUT /api/v1/executors: both positions at once (null: nobody). A deputy needs an executor. */
export const ZSetExecutorsRequest = z
  .object({ executorUserId: zId.nullable(), deputyUserId: zId.nullable() })
  .strict()
  .refine((r) => !(r.deputyUserId && !r.executorUserId), { path: ['deputyUserId'], message: 'Name an executor before a deputy' })
  .refine((r) => !(r.deputyUserId && r.deputyUserId === r.executorUserId), { path: ['deputyUserId'], message: 'The deputy must be someone other than the executor' });
export type TSetExecutorsRequest = z.infer<typeof ZSetExecutorsRequest>;
