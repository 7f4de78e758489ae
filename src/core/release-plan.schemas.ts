import { z } from 'zod';

/** At most this many people / messages are named in one list of the plan; the totals are always given. */
export const PLAN_LIST_LIMIT = 50;

const ZPerson = z.object({ name: z.string(), linkedAs: z.string() });

const ZCategoryCount = z.object({
  category: z.enum(['documents', 'memories']),
  /** Released to them at once (release "now"): already theirs while the owner lives. */
  now: z.number().int(),
  /** Released by the schedule after activation. */
  afterActivation: z.number().int(),
});

export const ZPlanBeneficiary = z.object({
  id: z.string(),
  name: z.string(),
  relationship: z.string(),
  /** Has accepted their invitation (an account): only then can anything reach them. */
  linked: z.boolean(),
  items: z.array(ZCategoryCount),
  /** Letters addressed to them that are scheduled (their messages flag decides if they can read them). */
  letters: z.number().int(),
  lettersOpen: z.boolean(),
  /** Works through the executor playbook after activation (the digital-legacy flag). */
  digitalLegacy: z.boolean(),
});

export const ZPlanMessage = z.object({ id: z.string(), subject: z.string(), recipientName: z.string().nullable(), when: z.string() });

/**
 * GET /api/v1/release-plan — what happens to whom if the owner dies or becomes incapacitated,
 * computed on the server from the same rules that will run. Lists are bounded; totals are counts.
 */
export const ZReleasePlan = z.object({
  ownerName: z.string(),
  status: z.string(),
  activationCondition: z.string(),
  activationConditionLabel: z.string(),
  /** Which reports the estate accepts (death; and incapacity unless the condition is "upon death"). */
  reportEvents: z.array(z.enum(['death', 'incapacity'])),
  reporters: z.object({ total: z.number().int(), people: z.array(ZPerson) }),
  trustees: z.array(z.object({ position: z.number().int(), name: z.string() })),
  /** Who settles the estate after activation, and their deputy (null: not named, ADR 0102). */
  executor: ZPerson.nullable(),
  deputyExecutor: ZPerson.nullable(),
  quorumRequired: z.number().int(),
  trusteeResponseHours: z.number().int(),
  vetoDays: z.number().int(),
  verification: z.object({
    administrators: z.array(z.string()),
    timeout: z.string(),
    /** The proofs each kind of report needs, by label. */
    documents: z.object({ death: z.array(z.string()), incapacity: z.array(z.string()) }),
  }),
  release: z.object({
    schedule: z.string(),
    scheduleLabel: z.string(),
    steps: z.array(z.object({ category: z.enum(['documents', 'memories']), label: z.string(), when: z.string() })),
  }),
  beneficiaries: z.object({ total: z.number().int(), people: z.array(ZPlanBeneficiary) }),
  messages: z.object({ scheduled: z.number().int(), drafts: z.number().int(), items: z.array(ZPlanMessage) }),
  digitalAssets: z.object({ total: z.number().int(), withInstructions: z.number().int() }),
  /** Incapacity mode (ADR 0048): who gets which categories, read-only, while it lasts. */
  incapacity: z.object({ people: z.array(z.object({ name: z.string(), categories: z.array(z.string()) })) }),
  /** The check-in switch (ADR 0046). */
  checkIn: z.object({ months: z.number().int().nullable(), state: z.string(), pausedUntil: z.string().nullable(), dueAt: z.string().nullable(), timeZone: z.string() }),
});
export type TReleasePlan = z.infer<typeof ZReleasePlan>;
export type TPlanBeneficiary = z.infer<typeof ZPlanBeneficiary>;
