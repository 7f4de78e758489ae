/**
 * What a planner sees of their clients ("loved ones"): name, contact, relationship, overall
 * completion (the owner dashboard's rules) and status (core/loved-one-status.ts). Every query is
 * scoped by access/planner-clients.ts; nothing of the vault is read here but completion facts.
 */
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { lovedOneStatus } from '../../../core/loved-one-status.ts';
import type { TLovedOne } from '../../../core/planner.schemas.ts';
import type { Ctx } from '../../context.ts';
import { estates, invitations } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';
import { clientEstateSql } from '../../access/planner-clients.ts';
import { completionByEstate } from '../../views/completion-facts.ts';
import type { Completion } from '../../../core/completion.ts';

export const DEFAULT_RELATIONSHIP = 'Client';

export type ClientRow = Awaited<ReturnType<typeof clientRows>>[number];

/** The planner's clients matching `where`, by owner name then estate id. */
export function clientRows(ctx: Ctx, where?: SQL, limit?: number) {
  const query = ctx.db
    .select({
      estateId: estates.id,
      ownerId: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      lastActiveAt: users.lastActiveAt,
      joinedAt: users.createdAt,
    })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(and(clientEstateSql(ctx.db, ctx.actor.userId, estates.id), where))
    .orderBy(asc(users.name), asc(estates.id));
  return limit === undefined ? query : query.limit(limit);
}

/** "Your relationship" from the planner's accepted invitation of each client, when there is one. */
async function relationships(ctx: Ctx, rows: readonly ClientRow[]): Promise<Map<string, string>> {
  if (!rows.length) return new Map();
  const found = await ctx.db
    .select({ estateId: invitations.estateId, email: invitations.email, relationship: sql<string | null>`${invitations.data}->>'relationship'` })
    .from(invitations)
    .where(
      and(
        eq(invitations.kind, 'planner-client'),
        eq(invitations.invitedBy, ctx.actor.userId),
        isNotNull(invitations.acceptedAt),
        inArray(sql`lower(${invitations.email})`, rows.map((r) => r.email.toLowerCase())),
      ),
    );
  const out = new Map<string, string>();
  for (const row of rows) {
    const match = found.find((f) => f.relationship && (f.estateId === row.estateId || f.email.toLowerCase() === row.email.toLowerCase()));
    if (match?.relationship) out.set(row.estateId, match.relationship);
  }
  return out;
}

const NO_PROGRESS = { overall: 0 } as Pick<Completion, 'overall'>;

/** The rows as loved ones; completion is computed in one batch unless the caller already has it. */
export async function toLovedOnes(ctx: Ctx, rows: readonly ClientRow[], completions?: Map<string, Completion>): Promise<TLovedOne[]> {
  const [completion, relationship] = await Promise.all([
    completions ?? completionByEstate(ctx, rows.map((r) => r.estateId)),
    relationships(ctx, rows),
  ]);
  const now = ctx.clock.now();
  return rows.map((r) => {
    const progress = (completion.get(r.estateId) ?? NO_PROGRESS).overall;
    return {
      id: r.estateId,
      estateId: r.estateId,
      name: r.name,
      email: r.email,
      phone: r.phone,
      relationship: relationship.get(r.estateId) ?? DEFAULT_RELATIONSHIP,
      progress,
      lastActive: r.lastActiveAt?.toISOString() ?? null,
      status: lovedOneStatus({ completion: progress, lastActiveAt: r.lastActiveAt, joinedAt: r.joinedAt }, now),
    };
  });
}
