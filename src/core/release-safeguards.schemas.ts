/**
 * The owner's release safeguards API (issue 13, part C): who their trustees are, in order, and the
 * rules of a report about them (veto window, M of N, response time).
 */
import { z } from 'zod';
import { zId } from './common.schemas.ts';
import { MAX_TRUSTEES, TRUSTEE_RESPONSE_HOURS, VETO_DAYS } from './safeguards.schemas.ts';

const oneOf = <T extends readonly number[]>(values: T, what: string) =>
  z
    .number()
    .int()
    .refine((v) => values.includes(v), { message: `Choose ${what}: ${values.join(', ')}` });

export const ZReleaseRules = z.object({
  vetoDays: z.number().int(),
  quorumRequired: z.number().int(),
  trusteeResponseHours: z.number().int(),
});

export const ZReleaseSafeguards = z.object({
  rules: ZReleaseRules,
  trustees: z.array(z.object({ userId: zId, name: z.string(), position: z.number().int() })),
  candidates: z.array(z.object({ userId: zId, name: z.string(), linkedAs: z.string() })),
  /** what the owner should know about who holds two duties of a report: their only estate administrator cannot be a trustee, and who checks the documents when a trustee is also an administrator (ADR 0076, 0111) */
  warnings: z.array(z.string()),
});
export type TReleaseSafeguards = z.infer<typeof ZReleaseSafeguards>;

export const ZSetTrusteesRequest = z
  .object({
    userIds: z
      .array(zId)
      .max(MAX_TRUSTEES, { message: `Name at most ${MAX_TRUSTEES} trustees` })
      .refine((ids) => new Set(ids).size === ids.length, { message: 'Name each trustee only once' }),
  })
  .strict();
export type TSetTrusteesRequest = z.infer<typeof ZSetTrusteesRequest>;

export const ZUpdateReleaseRulesRequest = z
  .object({
    vetoDays: oneOf(VETO_DAYS, 'a number of days').optional(),
    quorumRequired: z.number().int().min(1, { message: 'At least one trustee must confirm' }).max(MAX_TRUSTEES).optional(),
    trusteeResponseHours: oneOf(TRUSTEE_RESPONSE_HOURS, 'a number of hours').optional(),
  })
  .strict();
export type TUpdateReleaseRulesRequest = z.infer<typeof ZUpdateReleaseRulesRequest>;
