/**
 * Shared by the inbox services: which messages the viewer may see (through the access policy, so an
 * owner's letter disappears when the messages flag is turned off), and who the other side is.
 */
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { initialsOf } from '../../../core/names.ts';
import { SUPPORT_TEAM_ROLE_LABELS } from '../../../core/constants.ts';
import type { TCounterpart } from '../../../core/inbox.schemas.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { beneficiaries, estates, supportTeamMembers } from '../../db/schema/estates.ts';
import { messages } from '../../db/schema/messages.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { inboxMessageVisibleSql } from '../../access/policy.ts';
import { personaFor } from '../../../core/personas.ts';

export type MessageRow = typeof messages.$inferSelect;

/** The newest `limit` messages the viewer may see (sent or received), optionally narrowed. */
export function visibleMessages(ctx: Ctx, where: SQL | undefined, limit: number): Promise<MessageRow[]> {
  return ctx.db
    .select()
    .from(messages)
    .where(and(inboxMessageVisibleSql(ctx.db, ctx.actor.userId), where))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

/** The first message of a thread the viewer may see (its subject, and whether a letter started it). */
export async function firstVisibleMessage(ctx: Ctx, threadId: string): Promise<MessageRow | undefined> {
  const [first] = await ctx.db
    .select()
    .from(messages)
    .where(and(inboxMessageVisibleSql(ctx.db, ctx.actor.userId), eq(messages.threadId, threadId)))
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(1);
  return first;
}

/** The other side of a message, from the viewer's point of view. */
export const otherSide = (viewerId: string, m: Pick<MessageRow, 'senderId' | 'recipientId'>) =>
  m.senderId === viewerId ? m.recipientId : m.senderId;

/**
 * Names and role labels for participants, in the context of the estate a message concerns:
 * its owner is "Estate Owner", its support team by their role, its beneficiaries "Beneficiary";
 * outside an estate, the person's first role.
 */
export async function describePeople(db: Db, pairs: { userId: string | null; estateId: string | null }[]): Promise<(p: { userId: string | null; estateId: string | null }) => TCounterpart> {
  const userIds = [...new Set(pairs.map((p) => p.userId).filter((id): id is string => Boolean(id)))];
  const estateIds = [...new Set(pairs.map((p) => p.estateId).filter((id): id is string => Boolean(id)))];
  const [people, roles, owned, team, benef] = await Promise.all([
    userIds.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)) : [],
    userIds.length ? db.select().from(userRoles).where(inArray(userRoles.userId, userIds)) : [],
    estateIds.length ? db.select({ id: estates.id, ownerId: estates.ownerId }).from(estates).where(inArray(estates.id, estateIds)) : [],
    estateIds.length && userIds.length
      ? db
          .select({ estateId: supportTeamMembers.estateId, userId: supportTeamMembers.userId, role: supportTeamMembers.role })
          .from(supportTeamMembers)
          .where(and(inArray(supportTeamMembers.estateId, estateIds), inArray(supportTeamMembers.userId, userIds)))
      : [],
    estateIds.length && userIds.length
      ? db
          .select({ estateId: beneficiaries.estateId, userId: beneficiaries.userId })
          .from(beneficiaries)
          .where(and(inArray(beneficiaries.estateId, estateIds), inArray(beneficiaries.userId, userIds)))
      : [],
  ]);
  return ({ userId, estateId }) => {
    const name = people.find((p) => p.id === userId)?.name ?? 'Former member';
    let roleLabel = '';
    if (userId && estateId) {
      if (owned.some((e) => e.id === estateId && e.ownerId === userId)) roleLabel = 'Estate Owner';
      else {
        const member = team.find((t) => t.estateId === estateId && t.userId === userId);
        if (member) roleLabel = SUPPORT_TEAM_ROLE_LABELS[member.role as keyof typeof SUPPORT_TEAM_ROLE_LABELS] ?? member.role;
        else if (benef.some((b) => b.estateId === estateId && b.userId === userId)) roleLabel = 'Beneficiary';
      }
    }
    if (!roleLabel && userId) {
      const first = roles.find((r) => r.userId === userId);
      roleLabel = first ? personaFor(first.role).name : '';
    }
    return { userId, name, initials: initialsOf(name), roleLabel };
  };
}

/** Can the viewer write to `userId` about `estateId` now? The owner only while the estate is not active. */
export async function ownerOfActiveEstate(db: Db, userId: string | null, estateId: string | null): Promise<boolean> {
  if (!userId || !estateId) return false;
  const [estate] = await db.select({ ownerId: estates.ownerId, status: estates.status }).from(estates).where(eq(estates.id, estateId));
  return Boolean(estate && estate.ownerId === userId && estate.status === 'active');
}
