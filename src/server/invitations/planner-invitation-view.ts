import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import {
  plannerInvitationStatus,
  ZPlannerInvitationData,
  type TPlannerInvitation,
  type TPlannerInvitationData,
} from '../../core/planner-invitations.schemas.ts';
import { invitations } from '../db/schema/estates.ts';
import { PLANNER_CLIENT_KIND } from './find-invitation.ts';

export { PLANNER_CLIENT_KIND };

export type InvitationRow = typeof invitations.$inferSelect;

/** This planner's client invitations (the scope of every planner-invitation query). */
export const plannerInvitationsOf = (plannerId: string): SQL =>
  and(eq(invitations.kind, PLANNER_CLIENT_KIND), eq(invitations.invitedBy, plannerId))!;

/** Still open: can be accepted now (not accepted, not cancelled, not expired). */
export const openAt = (now: Date): SQL => and(isNull(invitations.acceptedAt), isNull(invitations.cancelledAt), gt(invitations.expiresAt, now))!;

/** The sealed token of the reminder is removed from data once it has no further use. */
export const withoutSealedToken = sql`${invitations.data} - 'sealedToken'`;

export function invitationData(row: InvitationRow): TPlannerInvitationData {
  const data = ZPlannerInvitationData.parse(row.data);
  return { ...data, inviteeName: data.inviteeName || `${data.firstName} ${data.lastName}`.trim() };
}

export function toPlannerInvitation(row: InvitationRow, now: Date): TPlannerInvitation {
  const data = invitationData(row);
  const status = plannerInvitationStatus(row, now);
  return {
    id: row.id,
    firstName: data.firstName,
    lastName: data.lastName,
    email: row.email,
    phone: data.phone,
    relationship: data.relationship,
    template: data.template,
    includeCalendarLink: data.includeCalendarLink,
    scheduleFollowUp: data.scheduleFollowUp,
    status,
    createdAt: row.createdAt.toISOString(),
    lastSentAt: (row.lastSentAt ?? row.createdAt).toISOString(),
    followUpDueAt: row.followUpDueAt?.toISOString() ?? null,
    followUpSentAt: row.followUpSentAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    canResend: status !== 'accepted' && status !== 'cancelled',
    canCancel: status === 'sent' || status === 'reminded',
  };
}
