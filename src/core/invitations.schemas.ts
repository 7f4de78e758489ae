import { z } from 'zod';
import { zPassword, ZSessionUser } from './auth.schemas.ts';
import { ROLES } from './roles.ts';
import { zRequiredText } from './beneficiaries.schemas.ts';

/** Invitations last this long; a link is good for one acceptance. */
export const INVITATION_TTL_DAYS = 14;

/** beneficiary: an owner invited a beneficiary; support-team: an owner invited a planner or estate administrator. */
export const INVITATION_KINDS = ['beneficiary', 'support-team', 'planner-client', 'staff'] as const;

/** POST /api/v1/invitations/open — who invited you to what. */
export const ZInvitationInfo = z.object({
  kind: z.enum(INVITATION_KINDS),
  email: z.string(),
  role: z.enum(ROLES),
  roleLabel: z.string(),
  inviterName: z.string(),
  /** what the invitation is for, in words ("be a beneficiary of Margaret Ellis's estate") */
  summary: z.string(),
  /** a suggested name for the new account */
  suggestedName: z.string(),
  expiresAt: z.string(),
  /** an account with this email exists already: sign in to accept */
  accountExists: z.boolean(),
});
export type TInvitationInfo = z.infer<typeof ZInvitationInfo>;

/** Signed out: name + password create the account. Signed in (same email): an empty body links it. */
export const ZAcceptInvitationRequest = z
  .object({
    name: zRequiredText(120).optional(),
    password: zPassword.optional(),
    /** "consultation": the booking link of a planner's invitation was followed (land on the schedule form) */
    book: z.literal('consultation', { message: 'Not a booking this link can make' }).optional(),
  })
  .strict();
export type TAcceptInvitationRequest = z.infer<typeof ZAcceptInvitationRequest>;

export const ZAcceptInvitationResponse = z.object({ user: ZSessionUser, redirectTo: z.string() });
export type TAcceptInvitationResponse = z.infer<typeof ZAcceptInvitationResponse>;

/** An invitation's token, from the fragment of the emailed link (`/invitations#<token>`); never in a path. */
const zInvitationToken = z.string().min(16, { message: 'The link is incomplete' }).max(200).regex(/^[A-Za-z0-9_-]+$/, { message: 'The link is not valid' });

export const ZOpenInvitationRequest = z.object({ token: zInvitationToken }).strict();
export type TOpenInvitationRequest = z.infer<typeof ZOpenInvitationRequest>;

/** POST /api/v1/invitations/accept: the token and, signed out, the new account's name and password. */
export const ZAcceptInvitationBody = ZAcceptInvitationRequest.extend({ token: zInvitationToken }).strict();
export type TAcceptInvitationBody = z.infer<typeof ZAcceptInvitationBody>;

export const INVITATION_ERROR_CODES = {
  expired: 'INVITATION_EXPIRED',
  used: 'INVITATION_USED',
  accountExists: 'ACCOUNT_EXISTS',
  emailMismatch: 'EMAIL_MISMATCH',
} as const;
