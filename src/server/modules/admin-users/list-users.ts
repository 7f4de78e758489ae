import { and, desc, eq, exists, sql } from 'drizzle-orm';
import { PLATFORM_USER_PAGE_SIZE, type TPlatformUserListQuery, type TPlatformUserPage } from '../../../core/admin-users.schemas.ts';
import type { Ctx } from '../../context.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { afterCursor, cursorTime, descending, keysetPage } from '../../lib/keyset.ts';
import { nameOrEmailMatches, toPlatformUsers, userColumns } from '../../views/user-view.ts';

/**
 * Every account on the platform (demo ones too, marked), newest first, a page at a time (keyset on
 * users(created_at, id)). Search (name or email) and the role and status filters are SQL conditions.
 */
export async function listUsers(ctx: Ctx, query: TPlatformUserListQuery): Promise<TPlatformUserPage> {
  const rows = await ctx.db
    .select({ ...userColumns, cursorAt: cursorTime(users.createdAt) })
    .from(users)
    .where(
      and(
        nameOrEmailMatches(query.q),
        query.status ? eq(users.status, query.status) : undefined,
        query.role
          ? exists(
              ctx.db
                .select({ one: sql`1` })
                .from(userRoles)
                .where(and(eq(userRoles.userId, users.id), eq(userRoles.role, query.role))),
            )
          : undefined,
        afterCursor(descending(users.createdAt, users.id), query.cursor),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(PLATFORM_USER_PAGE_SIZE + 1);
  const { page, nextCursor } = keysetPage(rows, PLATFORM_USER_PAGE_SIZE, (r) => [r.cursorAt, r.id]);
  return { items: toPlatformUsers(page), nextCursor };
}
