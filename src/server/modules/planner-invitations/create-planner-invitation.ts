import {
  fillTemplate,
  INVITATION_FOLLOW_UP_DAYS,
  type ZCreatePlannerInvitationRequest,
  type TPlannerInvitation,
  type TPlannerInvitationData,
} from '../../../core/planner-invitations.schemas.ts';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { invitations } from '../../db/schema/estates.ts';
import { eq } from 'drizzle-orm';
import { audit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/app-error.ts';
import { createInvitation } from '../../invitations/create-invitation.ts';
import { assertCanInvite } from './planner-invitation-rules.ts';
import { PLANNER_CLIENT_KIND, toPlannerInvitation } from '../../invitations/planner-invitation-view.ts';

/** The words of the email for a planner's client: "… invited you to Heirloom as their client …". */
export const CLIENT_WHAT = 'a client, so that they can help you plan your legacy';

/**
 * Invite a loved one: one invitation (kind planner-client) emailed with the message — the template's
 * text when the planner left it empty — quoted as the planner's words, the booking link when asked
 * for, and one reminder due 3 days later when "Schedule follow-up" was ticked. Refused (409) while
 * this planner has an open invitation to the address or the address is already their client.
 */
export async function createPlannerInvitation(ctx: Ctx, input: z.output<typeof ZCreatePlannerInvitationRequest>): Promise<TPlannerInvitation> {
  if (input.email === ctx.actor.email) throw badRequest('You cannot invite yourself.', { email: 'This is your own email address' });
  const inviteeName = `${input.firstName} ${input.lastName}`.trim();
  const message = input.message || fillTemplate(input.template, { firstName: input.firstName, plannerName: ctx.actor.name });
  const data: TPlannerInvitationData = {
    inviteeName,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    relationship: input.relationship,
    template: input.template,
    message,
    includeCalendarLink: input.includeCalendarLink,
    scheduleFollowUp: input.scheduleFollowUp,
  };
  const { id } = await createInvitation(ctx, {
    kind: PLANNER_CLIENT_KIND,
    email: input.email,
    role: 'estate-owner',
    estateId: null,
    targetId: null,
    inviteeName,
    what: CLIENT_WHAT,
    data,
    assertAllowed: (db, now) => assertCanInvite(db, ctx.actor.userId, input.email, now),
    personalMessage: message,
    bookingLink: input.includeCalendarLink,
    ...(input.scheduleFollowUp ? { followUpDays: INVITATION_FOLLOW_UP_DAYS } : {}),
  });
  await audit(ctx, { action: 'planner_invitation.sent', targetType: PLANNER_CLIENT_KIND, targetId: id, details: { template: input.template } });
  const [row] = await ctx.db.select().from(invitations).where(eq(invitations.id, id));
  return toPlannerInvitation(row!, ctx.clock.now());
}
