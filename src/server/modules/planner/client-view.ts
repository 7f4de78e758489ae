/**
 * What a planner sees of their clients ("loved ones"): name, contact, relationship, overall
 * completion (the owner dashboard's rules) and status (core/loved-one-status.ts). Every query is
 * scoped by access/planner-clients.ts; nothing of the vault is read here but completion facts.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { lovedOneStatus } from '../../../core/loved-one-status.ts';
import type { TLovedOne } from '../../../core/planner.schemas.ts';
import type { Ctx } from '../../context.ts';
import { estates, invitations } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';
import { clientEstateSql } from '../../access/planner-clients.ts';
import { completionFactsOf, completionFactsSql } from '../../views/completion-facts.ts';
import { subselect } from '../../lib/child-rows.ts';
import { computeCompletion, type Completion } from '../../../core/completion.ts';

export const DEFAULT_RELATIONSHIP = 'Client';

export type ClientRow = Awaited<ReturnType<typeof clientRows>>[number];

/**
 * The planner's clients matching `where`, by owner name then estate id, each with "your
 * relationship" (from the planner's accepted invitation of that client, when there is one) and its
 * completion facts: one statement. The page is chosen first (`limit`), so the per-client facts are
 * read for its rows only, not for every client the planner has.
 */
export function clientRows(ctx: Ctx, where?: SQL, limit?: number) {
  const chosen = ctx.db
    .select({ estateId: sql<string>`${estates.id}`.as('page_estate_id'), name: sql<string>`${users.name}`.as('page_name') })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(and(clientEstateSql(ctx.db, ctx.actor.userId, estates.id), where));
  // Only a page needs the order inside; all the clients are put in order once, outside.
  const page = (limit === undefined ? chosen : chosen.orderBy(asc(users.name), asc(estates.id)).limit(limit)).as('page');
  return ctx.db
    .select({
      estateId: estates.id,
      ownerId: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      lastActiveAt: users.lastActiveAt,
      joinedAt: users.createdAt,
      relationship: subselect(sql<string | null>`(select ${invitations.data}->>'relationship' from ${invitations}
        where ${invitations.kind} = 'planner-client' and ${invitations.invitedBy} = ${ctx.actor.userId} and ${invitations.acceptedAt} is not null
          and ${invitations.data}->>'relationship' is not null
          and (${invitations.estateId} = ${estates.id} or lower(${invitations.email}) = lower(${users.email}))
        order by (${invitations.estateId} = ${estates.id}) desc, ${invitations.createdAt} desc limit 1)`),
      ...completionFactsSql,
    })
    .from(page)
    .innerJoin(estates, eq(estates.id, page.estateId))
    .innerJoin(users, eq(users.id, estates.ownerId))
    .orderBy(asc(page.name), asc(page.estateId));
}

/** A client row's completion, by the owner dashboard's rules. */
export const completionOf = (ctx: Ctx, row: ClientRow): Completion => computeCompletion(completionFactsOf(ctx, row));

/** The rows as loved ones. */
export function toLovedOnes(ctx: Ctx, rows: readonly ClientRow[]): TLovedOne[] {
  const now = ctx.clock.now();
  return rows.map((r) => {
    const progress = completionOf(ctx, r).overall;
    return {
      id: r.estateId,
      estateId: r.estateId,
      name: r.name,
      email: r.email,
      phone: r.phone,
      relationship: r.relationship ?? DEFAULT_RELATIONSHIP,
      progress,
      lastActive: r.lastActiveAt?.toISOString() ?? null,
      status: lovedOneStatus({ completion: progress, lastActiveAt: r.lastActiveAt, joinedAt: r.joinedAt }, now),
    };
  });
}
