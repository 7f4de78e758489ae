import { z } from 'zod';
import { zId, zIsoDate } from './common.schemas.ts';
import { JURISDICTION_KEYS, JURISDICTIONS } from './settlement/rules.ts';

/**
 * Settlement deadlines (issue 28 item 4, ADR 0104): from the date of death, what is due when — the
 * jurisdiction's rules (src/core/settlement/jurisdictions/) and the executor's own deadlines.
 */

/** Reminders go this many days before a deadline; within them it shows as "due soon". */
export const REMINDER_DAYS = 7;

/** Said beside every rule, on screen and by email. */
export const GUIDANCE_NOT_ADVICE = 'Guidance, not legal advice: check each date with the official source or a professional.';

/** The earliest date of death the form accepts. */
export const EARLIEST_DATE_OF_DEATH = '1900-01-01';

export const JURISDICTION_CHOICES = JURISDICTIONS.map((j) => ({ key: j.key, name: j.name }));

export const DEADLINE_STATUSES = ['upcoming', 'due-soon', 'overdue', 'done'] as const;
export type DeadlineStatus = (typeof DEADLINE_STATUSES)[number];
export const DEADLINE_STATUS_LABELS: Record<DeadlineStatus, string> = {
  upcoming: 'Upcoming',
  'due-soon': 'Due soon',
  overdue: 'Overdue',
  done: 'Done',
};

const zDay = (what: string) => zIsoDate.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { message: `Enter ${what} as a real date` });

/** PUT …/settlement: where the estate is settled and the date of death the deadlines count from. */
export const ZSettlementInput = z
  .object({
    jurisdiction: z.enum(JURISDICTION_KEYS, { message: `Choose where the estate is settled: ${JURISDICTIONS.map((j) => j.name).join(' or ')}` }),
    dateOfDeath: zDay('the date of death').refine((v) => v >= EARLIEST_DATE_OF_DEATH, { message: 'The date of death cannot be before 1900' }),
  })
  .strict();
export type TSettlementInput = z.infer<typeof ZSettlementInput>;

/** POST …/deadlines: a deadline of the executor's own. */
export const ZOwnDeadlineInput = z
  .object({
    title: z.string().trim().min(1, { message: 'Say what is due' }).max(200, { message: 'The title can be at most 200 characters' }),
    dueOn: zDay('the due date'),
    detail: z
      .string()
      .trim()
      .max(2000, { message: 'The details can be at most 2000 characters' })
      .transform((v) => v || null)
      .nullable()
      .optional(),
  })
  .strict();
export type TOwnDeadlineInput = z.infer<typeof ZOwnDeadlineInput>;

export const ZDeadlineParams = z.object({ id: zId, deadlineId: zId }).strict();

export const ZDeadline = z.object({
  id: z.string(),
  /** the jurisdiction's rule; null: the executor's own */
  ruleKey: z.string().nullable(),
  title: z.string(),
  detail: z.string().nullable(),
  /** the official page the rule comes from (rules only) */
  sourceUrl: z.string().nullable(),
  /** a rule: guidance, not legal advice */
  guidance: z.boolean(),
  dueOn: z.string(),
  status: z.enum(DEADLINE_STATUSES),
  done: z.object({ byName: z.string(), at: z.string() }).nullable(),
  /** when its reminder went out, if it did */
  remindedAt: z.string().nullable(),
});
export type TDeadline = z.infer<typeof ZDeadline>;

export const ZDeadlines = z.object({
  estateId: z.string(),
  ownerName: z.string(),
  /** the facts set so far; null until the executor sets them */
  settlement: z
    .object({
      jurisdiction: z.string(),
      jurisdictionName: z.string(),
      /** what the rules leave out */
      note: z.string(),
      dateOfDeath: z.string(),
    })
    .nullable(),
  /** the date of death the estate's records suggest (its verified report, else its activation day) */
  suggestedDateOfDeath: z.string().nullable(),
  jurisdictions: z.array(z.object({ key: z.string(), name: z.string() })),
  /** today as the server counts it (UTC), for "in 3 days" */
  today: z.string(),
  /** by due date, then id */
  deadlines: z.array(ZDeadline),
  counts: z.object({ overdue: z.number().int(), dueSoon: z.number().int(), open: z.number().int(), done: z.number().int() }),
  /** the reader settles the estate (sets the facts, adds and ticks deadlines); otherwise they follow */
  canWork: z.boolean(),
  disclaimer: z.string(),
});
export type TDeadlines = z.infer<typeof ZDeadlines>;
