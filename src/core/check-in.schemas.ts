import { z } from 'zod';
import { zIsoDate } from './common.schemas.ts';
import { CHECK_IN_MONTHS } from './safeguards.schemas.ts';

/** The owner's check-in switch as the settings card and the dashboard show it. */
export const ZCheckIn = z.object({
  /** null: off */
  months: z.number().int().nullable(),
  /** off | on | paused | missed (the period ran out; the trustees were asked) */
  state: z.enum(['off', 'on', 'paused', 'missed']),
  lastCheckInAt: z.string().nullable(),
  /** the date the pause ends (YYYY-MM-DD, the owner's zone), or null */
  pausedUntil: z.string().nullable(),
  /** when the next check-in is due (ISO instant), or null when off */
  dueAt: z.string().nullable(),
  /** the zone the dates are counted in */
  timeZone: z.string(),
});
export type TCheckIn = z.infer<typeof ZCheckIn>;

export const ZCheckInMonths = z.literal(CHECK_IN_MONTHS, { error: `Choose ${CHECK_IN_MONTHS.join(', ')} months, or turn the check-in off.` });

export const ZUpdateCheckInRequest = z
  .object({
    months: ZCheckInMonths.nullable().optional(),
    /** "Travelling / in hospital until" (YYYY-MM-DD), or null to end a pause */
    pausedUntil: zIsoDate.nullable().optional(),
  })
  .strict();
export type TUpdateCheckInRequest = z.infer<typeof ZUpdateCheckInRequest>;

export const ZCheckInLinkRequest = z.object({ token: z.string().min(10).max(200) }).strict();
export type TCheckInLinkRequest = z.infer<typeof ZCheckInLinkRequest>;
export const ZCheckInLinkResponse = z.object({ ok: z.literal(true), name: z.string() });

/** The web page the emailed "I'm here" link opens (the token in the fragment, never sent to a server). */
export const CHECK_IN_LINK_PAGE_PATH = '/check-in';
/** The page a trustee answers "Is <owner> all right?" on. */
export const checkInQuestionPath = (missId: string) => `/check-in/questions/${missId}`;

export const CHECK_IN_ANSWERS = ['all_right', 'unreachable'] as const;
export const CHECK_IN_ANSWER_LABELS: Record<(typeof CHECK_IN_ANSWERS)[number], string> = {
  all_right: 'They are all right',
  unreachable: 'I could not reach them',
};
export const ZCheckInAnswerRequest = z
  .object({
    answer: z.enum(CHECK_IN_ANSWERS, { error: 'Choose "They are all right" or "I could not reach them".' }),
    note: z.string().trim().max(1000).default(''),
  })
  .strict();
export type TCheckInAnswerRequest = z.infer<typeof ZCheckInAnswerRequest>;

export const ZCheckInQuestion = z.object({
  id: z.string(),
  estateId: z.string(),
  ownerName: z.string(),
  dueAt: z.string(),
  askedAt: z.string(),
  /** the owner checked in again since (the question is closed) */
  resolvedAt: z.string().nullable(),
  myAnswer: z.enum(CHECK_IN_ANSWERS).nullable(),
  myNote: z.string(),
});
export type TCheckInQuestion = z.infer<typeof ZCheckInQuestion>;
