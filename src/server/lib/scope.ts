import type { Ctx } from '../context.ts';
import { notFound } from './app-error.ts';

/**
 * The estate every owner-side query is scoped by. An actor without an estate has nothing of
 * this kind: "not found", never a hint that the object exists elsewhere.
 */
export function ownEstateId(ctx: Ctx, what = 'That item'): string {
  if (!ctx.actor.estateId) throw notFound(what);
  return ctx.actor.estateId;
}
