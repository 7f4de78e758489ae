import { and, eq } from 'drizzle-orm';
import { initialsOf } from '../../core/names.ts';
import { SUPPORT_TEAM_ROLE_LABELS } from '../../core/constants.ts';
import type { TSupportMember } from '../../core/support-team.schemas.ts';
import type { Ctx } from '../context.ts';
import { supportTeamMembers } from '../db/schema/estates.ts';
import { notFound } from '../lib/app-error.ts';
import { ownEstateId } from '../lib/scope.ts';

export type MemberRow = typeof supportTeamMembers.$inferSelect;
type SupportRole = keyof typeof SUPPORT_TEAM_ROLE_LABELS;

export const supportRoleLabel = (role: string): string => SUPPORT_TEAM_ROLE_LABELS[role as SupportRole] ?? role;

export function toSupportMember(row: MemberRow, preferredContact: TSupportMember['preferredContact'] = null): TSupportMember {
  return {
    id: row.id,
    role: row.role as SupportRole,
    roleLabel: supportRoleLabel(row.role),
    name: row.name,
    initials: initialsOf(row.name),
    email: row.email,
    phone: row.phone,
    status: row.userId && row.acceptedAt ? 'active' : 'invited',
    invitedAt: row.invitedAt?.toISOString() ?? null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    preferredContact,
  };
}

export async function ownMember(ctx: Ctx, id: string): Promise<MemberRow> {
  const estateId = ownEstateId(ctx, 'That support team member');
  const [row] = await ctx.db
    .select()
    .from(supportTeamMembers)
    .where(and(eq(supportTeamMembers.id, id), eq(supportTeamMembers.estateId, estateId)));
  if (!row) throw notFound('That support team member');
  return row;
}
