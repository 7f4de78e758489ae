import { and, eq, gt, ilike, or, type SQL } from 'drizzle-orm';
import { LOVED_ONES_PAGE_SIZE, nameCursorOf, type TLovedOnePage, type TLovedOnesQuery } from '../../../core/planner.schemas.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';
import { containsPattern } from '../../lib/like.ts';
import { clientRows, toLovedOnes } from './client-view.ts';

/** Loved Ones: the planner's clients by name, searched by name or email, a keyset page at a time. */
export async function listLovedOnes(ctx: Ctx, query: TLovedOnesQuery): Promise<TLovedOnePage> {
  const where: SQL[] = [];
  if (query.q) where.push(or(ilike(users.name, containsPattern(query.q)), ilike(users.email, containsPattern(query.q)))!);
  if (query.cursor) {
    const { name, id } = query.cursor;
    where.push(or(gt(users.name, name), and(eq(users.name, name), gt(estates.id, id)))!);
  }
  const rows = await clientRows(ctx, and(...where), LOVED_ONES_PAGE_SIZE + 1);
  const page = rows.slice(0, LOVED_ONES_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: await toLovedOnes(ctx, page),
    nextCursor: rows.length > LOVED_ONES_PAGE_SIZE && last ? nameCursorOf(last.name, last.estateId) : null,
  };
}
