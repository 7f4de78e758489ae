import { and, ilike, or, type SQL } from 'drizzle-orm';
import { LOVED_ONES_PAGE_SIZE, type TLovedOnePage, type TLovedOnesQuery } from '../../../core/planner.schemas.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';
import { afterCursor, ascending, keysetPage } from '../../lib/keyset.ts';
import { containsPattern } from '../../lib/like.ts';
import { clientRows, toLovedOnes } from './client-view.ts';

/** Loved Ones: the planner's clients by name, searched by name or email, a keyset page at a time. */
export async function listLovedOnes(ctx: Ctx, query: TLovedOnesQuery): Promise<TLovedOnePage> {
  const where: SQL[] = [];
  if (query.q) where.push(or(ilike(users.name, containsPattern(query.q)), ilike(users.email, containsPattern(query.q)))!);
  const after = afterCursor(ascending(users.name, estates.id), query.cursor);
  if (after) where.push(after);
  const rows = await clientRows(ctx, and(...where), LOVED_ONES_PAGE_SIZE + 1);
  const { page, nextCursor } = keysetPage(rows, LOVED_ONES_PAGE_SIZE, (r) => [r.name, r.estateId]);
  return { items: toLovedOnes(ctx, page), nextCursor };
}
