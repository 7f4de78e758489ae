import { z } from 'zod';
import { zEmail, zId, zPhone } from './common.schemas.ts';
import { PLANNER_CONTACT_METHODS, SUPPORT_TEAM_ROLES } from './constants.ts';
import { zRequiredText } from './beneficiaries.schemas.ts';

export const ZSupportMember = z.object({
  id: z.string(),
  role: z.enum(SUPPORT_TEAM_ROLES),
  roleLabel: z.string(),
  name: z.string(),
  initials: z.string(),
  email: z.string(),
  phone: z.string(),
  /** invited: waiting for them to accept; active: linked to their account */
  status: z.enum(['invited', 'active']),
  invitedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** a legacy planner's preferred contact method (their settings), once they have joined */
  preferredContact: z.enum(PLANNER_CONTACT_METHODS).nullable(),
});
export type TSupportMember = z.infer<typeof ZSupportMember>;

export const ZSupportTeam = z.object({ members: z.array(ZSupportMember) });
export type TSupportTeam = z.infer<typeof ZSupportTeam>;

export const ZInviteSupportMemberRequest = z
  .object({
    role: z.enum(SUPPORT_TEAM_ROLES, { message: 'Choose Legacy Planner or Estate Administrator' }),
    name: zRequiredText(120),
    email: zEmail,
    phone: zPhone.default(''),
  })
  .strict();
export type TInviteSupportMemberRequest = z.input<typeof ZInviteSupportMemberRequest>;

export const ZAddPlannerRequest = z.object({ plannerId: zId }).strict();
export type TAddPlannerRequest = z.infer<typeof ZAddPlannerRequest>;

/** A legacy planner whose profile visibility is Public. */
export const ZAvailablePlanner = z.object({
  id: z.string(),
  name: z.string(),
  initials: z.string(),
  email: z.string(),
  phone: z.string(),
  onTeam: z.boolean(),
});
export type TAvailablePlanner = z.infer<typeof ZAvailablePlanner>;
export const ZAvailablePlanners = z.object({ planners: z.array(ZAvailablePlanner) });
export type TAvailablePlanners = z.infer<typeof ZAvailablePlanners>;

/** Where planners keep their profile visibility (user_settings.data), and its default. */
export const PLANNER_VISIBILITY_KEY = 'plannerVisibility';
export const DEFAULT_PLANNER_VISIBILITY = 'Private';
