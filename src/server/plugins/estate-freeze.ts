import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { frozenAtActivation, frozenEstateMessage } from '../../core/estate-freeze.ts';
import { ERROR_CODES } from '../../core/errors.ts';
import type { Deps } from '../context.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { estates } from '../db/schema/estates.ts';
import { sendError } from './errors.ts';

const activeEstate = preparedQuery((db) =>
  db
    .select({ activatedAt: estates.activatedAt, updatedAt: estates.updatedAt, deceasedName: estates.deceasedName })
    .from(estates)
    .where(and(eq(estates.id, sql.placeholder('id')), eq(estates.status, 'active')))
    .prepare('heirloom_active_estate'),
);

/**
 * An estate owner's write to what their estate holds, once it is active: answered 409 here, before
 * any service runs (ADR 0074). The status is read from the database on every such write, so
 * activation freezes the estate at once on every server.
 */
export async function refuseFrozenEstateWrite(deps: Deps, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const permission = request.routeOptions.config.permission;
  const actor = request.actor;
  if (!permission || !actor?.estateId || !frozenAtActivation(request.method, permission)) return undefined;
  const [estate] = await activeEstate(deps.db).execute({ id: actor.estateId });
  if (!estate) return undefined;
  return sendError(reply, 409, ERROR_CODES.estateFrozen, frozenEstateMessage(estate.deceasedName ?? actor.name, estate.activatedAt ?? estate.updatedAt));
}
