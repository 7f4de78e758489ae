/**
 * Invite a Loved One (legacy planner area; docs/decisions/0021-planner-invitations.md).
 *
 *   POST   /api/v1/planner/invitations                 ZCreatePlannerInvitationRequest → 201 ZPlannerInvitation
 *   GET    /api/v1/planner/invitations?cursor          → ZPlannerInvitationPage (newest first)
 *   POST   /api/v1/planner/invitations/:id/resend      → ZPlannerInvitation (new link; the old one stops working)
 *   POST   /api/v1/planner/invitations/:id/cancel      → ZPlannerInvitation (link dead, no reminder)
 */
import { z } from 'zod';
import { zEmail, zPhone } from './common.schemas.ts';
import { zPlainText, zRequiredText } from './beneficiaries.schemas.ts';
import { INVITATION_FOLLOW_UP_DAYS, INVITATION_TEMPLATES, PLANNER_RELATIONSHIPS } from './constants.ts';
import { zCursor } from './keyset.schemas.ts';

export { INVITATION_FOLLOW_UP_DAYS, INVITATION_TEMPLATES, PLANNER_RELATIONSHIPS };

export type InvitationTemplate = (typeof INVITATION_TEMPLATES)[number];

/** A resent invitation waits this long before it can be resent again (each resend emails someone). */
export const INVITATION_RESEND_COOLDOWN_MINUTES = 10;
export const PLANNER_INVITATION_PAGE_SIZE = 20;

/** The query string of the booking link: after accepting, the new owner lands on the schedule form. */
export const BOOK_CONSULTATION = 'consultation';
export const CONSULTATION_TYPE = 'Initial Consultation';

/**
 * The template texts (wireframe §9). `{firstName}` is the invitee's first name and `{plannerName}`
 * the planner's; the form fills them into the Message box, where the planner can change anything.
 * Custom Message starts empty.
 */
export const INVITATION_TEMPLATE_TEXTS: Record<InvitationTemplate, string> = {
  'For Elderly Parents':
    'Dear {firstName},\n\nI would love to help you put your memories, wishes and important papers in order, at your own pace. Heirloom keeps everything in one safe place: family photos, the stories behind them, and the documents your family will need one day. We can go through it together, one small step at a time, and you decide what is shared and with whom.\n\nWith warm regards,\n{plannerName}',
  'For Tech-Savvy Relatives':
    'Hi {firstName},\n\nI am using Heirloom to help families organise their digital legacy: accounts, passwords kept encrypted, documents, photos and video messages, with clear rules for who sees what and when. It takes a few minutes to set up, and I can help you with the parts that need more thought.\n\nBest,\n{plannerName}',
  'For Reluctant Family Members':
    'Dear {firstName},\n\nI know planning for the future is not something anyone looks forward to. Heirloom makes it gentle: you start with one memory or one document, nothing is shared unless you choose to share it, and you can stop at any time. I would be glad to walk you through it whenever you are ready.\n\nKind regards,\n{plannerName}',
  'For Those with Health Concerns':
    'Dear {firstName},\n\nI would like to help you make sure your wishes are known and your family is looked after. Heirloom keeps your documents, messages and instructions safe, and releases them only as you decide. We can begin with what matters most to you, and I will be there to help at every step.\n\nWith care,\n{plannerName}',
  'Custom Message': '',
};

/** A template's text with the names filled in (the form's Message box). */
export function fillTemplate(template: InvitationTemplate, names: { firstName: string; plannerName: string }): string {
  return INVITATION_TEMPLATE_TEXTS[template]
    .replaceAll('{firstName}', names.firstName.trim() || 'friend')
    .replaceAll('{plannerName}', names.plannerName);
}

export const ZCreatePlannerInvitationRequest = z
  .object({
    firstName: zRequiredText(80),
    lastName: zRequiredText(80),
    email: zEmail,
    phone: zPhone.default(''),
    relationship: z.enum(PLANNER_RELATIONSHIPS, { message: `Choose one of: ${PLANNER_RELATIONSHIPS.join(', ')}` }),
    template: z.enum(INVITATION_TEMPLATES, { message: `Choose one of: ${INVITATION_TEMPLATES.join(', ')}` }),
    message: zPlainText(5000).default(''),
    includeCalendarLink: z.boolean().default(false),
    scheduleFollowUp: z.boolean().default(false),
  })
  .strict();
export type TCreatePlannerInvitationRequest = z.input<typeof ZCreatePlannerInvitationRequest>;

export const PLANNER_INVITATION_STATUSES = ['sent', 'reminded', 'accepted', 'expired', 'cancelled'] as const;
export type PlannerInvitationStatus = (typeof PLANNER_INVITATION_STATUSES)[number];
export const PLANNER_INVITATION_STATUS_LABELS: Record<PlannerInvitationStatus, string> = {
  sent: 'Sent',
  reminded: 'Reminded',
  accepted: 'Accepted',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** The status shown in the list: cancelled, accepted and expired end it; a sent reminder shows as Reminded. */
export function plannerInvitationStatus(
  row: { cancelledAt: Date | null; acceptedAt: Date | null; expiresAt: Date; followUpSentAt: Date | null },
  now: Date,
): PlannerInvitationStatus {
  if (row.cancelledAt) return 'cancelled';
  if (row.acceptedAt) return 'accepted';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.followUpSentAt ? 'reminded' : 'sent';
}

export const ZPlannerInvitation = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  relationship: z.string(),
  template: z.string(),
  includeCalendarLink: z.boolean(),
  scheduleFollowUp: z.boolean(),
  status: z.enum(PLANNER_INVITATION_STATUSES),
  /** first sent */
  createdAt: z.string(),
  /** last sent (first send or resend) */
  lastSentAt: z.string(),
  followUpDueAt: z.string().nullable(),
  followUpSentAt: z.string().nullable(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  /** Resend: not once accepted or cancelled. Cancel: only while it can still be accepted. */
  canResend: z.boolean(),
  canCancel: z.boolean(),
});
export type TPlannerInvitation = z.infer<typeof ZPlannerInvitation>;

export const ZPlannerInvitationListQuery = z.object({ cursor: zCursor(['instant', 'id']).optional() }).strict();
export const ZPlannerInvitationPage = z.object({ items: z.array(ZPlannerInvitation), nextCursor: z.string().nullable() });
export type TPlannerInvitationPage = z.infer<typeof ZPlannerInvitationPage>;

/** What a planner-client invitation keeps in invitations.data (lenient: a missing field reads as empty). */
export const ZPlannerInvitationData = z.object({
  inviteeName: z.string().catch(''),
  firstName: z.string().catch(''),
  lastName: z.string().catch(''),
  phone: z.string().catch(''),
  relationship: z.string().catch(''),
  template: z.string().catch(''),
  message: z.string().catch(''),
  includeCalendarLink: z.boolean().catch(false),
  scheduleFollowUp: z.boolean().catch(false),
});
export type TPlannerInvitationData = z.infer<typeof ZPlannerInvitationData>;
