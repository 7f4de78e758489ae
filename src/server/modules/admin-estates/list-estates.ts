import { and, desc, eq, ilike, or } from "drizzle-orm";
import {
  PLATFORM_ESTATE_PAGE_SIZE,
  type TPlatformEstateListQuery,
  type TPlatformEstatePage,
} from "../../../core/admin-estates.schemas.ts";
import type { Ctx } from "../../context.ts";
import { estates } from "../../db/schema/estates.ts";
import { users } from "../../db/schema/users.ts";
import { cursorTime, newestFirstAfter, pageOf } from "../../lib/keyset.ts";
import { containsPattern } from "../../lib/like.ts";
import { estateColumns, toPlatformEstates } from "./estate-view.ts";

/** Every estate, newest first, a page at a time (keyset on estates(created_at, id)); search by owner name or email, filter by status, in SQL. */
export async function listEstates(
  ctx: Ctx,
  query: TPlatformEstateListQuery,
): Promise<TPlatformEstatePage> {
  const q = query.q?.trim();
  const rows = await ctx.db
    .select({ ...estateColumns, cursorAt: cursorTime(estates.createdAt) })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(
      and(
        q
          ? or(
              ilike(users.name, containsPattern(q)),
              ilike(users.email, containsPattern(q)),
            )
          : undefined,
        query.status ? eq(estates.status, query.status) : undefined,
        newestFirstAfter(estates.createdAt, estates.id, query.cursor),
      ),
    )
    .orderBy(desc(estates.createdAt), desc(estates.id))
    .limit(PLATFORM_ESTATE_PAGE_SIZE + 1);
  const { page, nextCursor } = pageOf(rows, PLATFORM_ESTATE_PAGE_SIZE);
  return { items: await toPlatformEstates(ctx.db, page), nextCursor };
}
