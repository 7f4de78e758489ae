import { and, desc, eq } from 'drizzle-orm';
import { PLATFORM_ESTATE_PAGE_SIZE, type TPlatformEstateListQuery, type TPlatformEstatePage } from '../../../core/admin-estates.schemas.ts';
import type { Ctx } from '../../context.ts';
import { nameOrEmailMatches } from '../../views/user-view.ts';
import { estates } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';
import { afterCursor, cursorTime, descending, keysetPage } from '../../lib/keyset.ts';
import { estateColumns, toPlatformEstates } from './estate-view.ts';

/** Every estate, newest first, a page at a time (keyset on estates(created_at, id)); search by owner name or email, filter by status, in SQL. */
export async function listEstates(ctx: Ctx, query: TPlatformEstateListQuery): Promise<TPlatformEstatePage> {
  const rows = await ctx.db
    .select({ ...estateColumns, cursorAt: cursorTime(estates.createdAt) })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(
      and(
        nameOrEmailMatches(query.q),
        query.status ? eq(estates.status, query.status) : undefined,
        afterCursor(descending(estates.createdAt, estates.id), query.cursor),
      ),
    )
    .orderBy(desc(estates.createdAt), desc(estates.id))
    .limit(PLATFORM_ESTATE_PAGE_SIZE + 1);
  const { page, nextCursor } = keysetPage(rows, PLATFORM_ESTATE_PAGE_SIZE, (r) => [r.cursorAt, r.id]);
  return { items: await toPlatformEstates(ctx.db, page), nextCursor };
}
