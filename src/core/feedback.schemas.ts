/**
 * User feedback (issue 11 item 4; ADR 0030). Every signed-in user sends it from the user menu;
 * admins read it in Reports.
 *
 *   POST /api/v1/feedback                 ZCreateFeedbackRequest → 201 ZFeedbackReceipt
 *   GET  /api/v1/admin/feedback?cursor    → ZFeedbackPage (newest first; admins only)
 */
import { z } from 'zod';
import { zPlainText, zRequiredText } from './beneficiaries.schemas.ts';
import { FEEDBACK_LIMITS } from './constants.ts';
import { zCursor } from './keyset.schemas.ts';

export { FEEDBACK_LIMITS };

export const FEEDBACK_CATEGORIES = ['bug', 'feature', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  bug: 'Bug report',
  feature: 'Feature request',
  other: 'Other',
};

export const FEEDBACK_PAGE_SIZE = 10;
/** The longest app path kept with a message. */
export const FEEDBACK_PAGE_MAX_LENGTH = 300;

export const ZCreateFeedbackRequest = z
  .object({
    category: z.enum(FEEDBACK_CATEGORIES, { message: 'Choose bug report, feature request or other' }),
    message: z.string({ message: 'Required' }).pipe(zRequiredText(FEEDBACK_LIMITS.messageMaxLength)),
    /** The app path the user was on (no origin, no query): "/estate-owner/memories". */
    page: zPlainText(FEEDBACK_PAGE_MAX_LENGTH)
      .refine((p) => p === '' || /^\/[^\s?#]*$/.test(p), { message: 'Must be a path of this app, such as /estate-owner' })
      .default(''),
  })
  .strict();
export type TCreateFeedbackRequest = z.input<typeof ZCreateFeedbackRequest>;

export const ZFeedbackReceipt = z.object({ id: z.string(), createdAt: z.string() });
export type TFeedbackReceipt = z.infer<typeof ZFeedbackReceipt>;

export const ZFeedbackItem = z.object({
  id: z.string(),
  /** null when the account was deleted */
  name: z.string().nullable(),
  category: z.enum(FEEDBACK_CATEGORIES),
  message: z.string(),
  page: z.string(),
  createdAt: z.string(),
});
export type TFeedbackItem = z.infer<typeof ZFeedbackItem>;

export const ZFeedbackPage = z.object({ items: z.array(ZFeedbackItem), nextCursor: z.string().nullable() });
export type TFeedbackPage = z.infer<typeof ZFeedbackPage>;

export const ZFeedbackListQuery = z.object({ cursor: zCursor(['instant', 'id']).optional() }).strict();
