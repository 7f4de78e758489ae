import { asc, desc, eq, sql } from 'drizzle-orm';
import type { TAccessOverview } from '../../../core/security.schemas.ts';
import type { Ctx } from '../../context.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { sessions } from '../../db/schema/users.ts';
import { describeDevice } from '../../lib/audit-descriptions.ts';

/** A session's public id: the first 16 hex characters of its hash (never the token, never the whole hash). */
export const publicSessionId = (sessionId: string) => sessionId.slice(0, 16);

/** Manage Access: the actor's signed-in sessions, and (owners) who can see what. */
export async function getAccessOverview(ctx: Ctx): Promise<TAccessOverview> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, ctx.actor.userId))
    .orderBy(desc(sql`${sessions.id} = ${ctx.actor.sessionId}`), desc(sessions.lastSeenAt));
  const people = ctx.actor.estateId
    ? await ctx.db
        .select()
        .from(beneficiaries)
        .where(eq(beneficiaries.estateId, ctx.actor.estateId))
        .orderBy(asc(beneficiaries.firstName), asc(beneficiaries.lastName))
    : [];
  return {
    sessions: rows.map((s) => ({
      id: publicSessionId(s.id),
      device: describeDevice(s.userAgent),
      ip: s.ip,
      createdAt: s.createdAt.toISOString(),
      lastActiveAt: s.lastSeenAt.toISOString(),
      current: s.id === ctx.actor.sessionId,
    })),
    beneficiaries: people.map((b) => ({
      id: b.id,
      name: `${b.firstName} ${b.lastName}`.trim(),
      relationship: b.relationship,
      hasAccount: b.userId !== null,
      access: {
        memories: b.accessMemories,
        documents: b.accessDocuments,
        messages: b.accessMessages,
        beneficiaries: b.accessBeneficiaries,
        digitalLegacy: b.accessDigitalLegacy,
      },
    })),
  };
}
