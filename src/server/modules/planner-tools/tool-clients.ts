import { and, asc, eq, type SQL } from 'drizzle-orm';
import { TOOL_CLIENTS_LIMIT, type TToolClients, type TToolClientsQuery } from '../../../core/planner-tools.schemas.ts';
import { assertClientOf, clientEstateSql } from '../../access/planner-clients.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';
import { afterCursor, ascending, keysetPage } from '../../lib/keyset.ts';

/** The planner's clients by (name, id) — after `where` — with what the tools may show of the owner (never vault content). */
export async function clientOwners(ctx: Ctx, limit = TOOL_CLIENTS_LIMIT, where?: SQL) {
  return ctx.db
    .select({ estateId: estates.id, name: users.name, email: users.email, phone: users.phone, lastActiveAt: users.lastActiveAt })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(and(clientEstateSql(ctx.db, ctx.actor.userId, estates.id), where))
    .orderBy(asc(users.name), asc(estates.id))
    .limit(limit);
}

/** One client's owner, or 404 when the estate is not this planner's client. */
export async function clientOwner(ctx: Ctx, estateId: string) {
  await assertClientOf(ctx.db, ctx.actor.userId, estateId);
  const [row] = await ctx.db
    .select({ name: users.name })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(eq(estates.id, estateId));
  return row!;
}

/** The pickers of Assistance Tools: the planner's clients by name, a keyset page at a time. */
export async function listToolClients(ctx: Ctx, query: TToolClientsQuery): Promise<TToolClients> {
  const rows = await clientOwners(ctx, query.limit + 1, afterCursor(ascending(users.name, estates.id), query.cursor));
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.name, r.estateId]);
  return { items: page.map((r) => ({ id: r.estateId, estateId: r.estateId, name: r.name })), nextCursor };
}
