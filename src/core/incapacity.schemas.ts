import { z } from 'zod';
import { zId } from './common.schemas.ts';
import { ESTATE_STATUSES } from './lifecycle.ts';

/**
 * Incapacity mode (issue 13 item 4, ADR 0048): what the owner chooses for the case they become
 * incapacitated — which of their linked beneficiaries get temporary, read-only access, and to which
 * categories. The categories are the two the access policy shares item by item (memories and
 * documents); only items the owner released "now" are ever opened this way — nothing marked
 * "after activation" (after death), and no letter is delivered.
 *
 *   GET  /api/v1/incapacity                        owner: status, the choices and who may be chosen
 *   PUT  /api/v1/incapacity/grants  { grants }     owner: replace the choices          → ZIncapacitySettings
 *   POST /api/v1/incapacity/end                    owner: "I'm back"                   → ZIncapacitySettings
 *   GET  /api/v1/estates/:estateId/incapacity      a trustee / estate administrator    → ZIncapacityState
 *   POST /api/v1/estates/:estateId/incapacity/end  a trustee / estate administrator    → ZIncapacityState
 */
export const INCAPACITY_CATEGORIES = ['memories', 'documents'] as const;
export type IncapacityCategory = (typeof INCAPACITY_CATEGORIES)[number];
export const INCAPACITY_CATEGORY_LABELS: Record<IncapacityCategory, string> = { memories: 'Memories', documents: 'Documents' };

export const ZIncapacityGrant = z
  .object({
    beneficiaryId: zId,
    categories: z
      .array(z.enum(INCAPACITY_CATEGORIES, { message: 'Choose memories or documents' }))
      .max(INCAPACITY_CATEGORIES.length)
      .refine((c) => new Set(c).size === c.length, { message: 'Each category once' }),
  })
  .strict();
export type TIncapacityGrant = z.infer<typeof ZIncapacityGrant>;

export const MAX_INCAPACITY_GRANTEES = 50;

export const ZSetIncapacityGrants = z
  .object({
    grants: z
      .array(ZIncapacityGrant)
      .max(MAX_INCAPACITY_GRANTEES, { message: `At most ${MAX_INCAPACITY_GRANTEES} people` })
      .refine((g) => new Set(g.map((x) => x.beneficiaryId)).size === g.length, { message: 'Each person once' }),
  })
  .strict();
export type TSetIncapacityGrants = z.infer<typeof ZSetIncapacityGrants>;

export const ZIncapacityCandidate = z.object({
  beneficiaryId: zId,
  name: z.string(),
  relationship: z.string(),
  /** Only a beneficiary with an account can be chosen (they sign in to read). */
  linked: z.boolean(),
  categories: z.array(z.enum(INCAPACITY_CATEGORIES)),
});

export const ZIncapacitySettings = z.object({
  status: z.enum(ESTATE_STATUSES),
  /** Every beneficiary of the estate, with what they would get in incapacity mode. */
  people: z.array(ZIncapacityCandidate),
});
export type TIncapacitySettings = z.infer<typeof ZIncapacitySettings>;

/** What a trustee or estate administrator sees of an estate's incapacity mode. */
export const ZIncapacityState = z.object({
  estateId: zId,
  ownerName: z.string(),
  status: z.enum(ESTATE_STATUSES),
  /** True while the estate is in incapacity mode and the viewer may end it. */
  canEnd: z.boolean(),
});
export type TIncapacityState = z.infer<typeof ZIncapacityState>;
