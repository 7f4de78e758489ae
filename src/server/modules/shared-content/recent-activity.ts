import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TSharedActivity } from '../../../core/shared-content.schemas.ts';
import type { Ctx } from '../../context.ts';
import { documents } from '../../db/schema/documents.ts';
import { estates } from '../../db/schema/estates.ts';
import { memories } from '../../db/schema/memories.ts';
import { futureMessages, messages } from '../../db/schema/messages.ts';
import { users } from '../../db/schema/users.ts';
import { documentVisibleSql, letterVisibleSql, memoryVisibleSql } from '../../access/policy.ts';
import { isoTime, subselect } from '../../lib/child-rows.ts';
import { returningVisitorSql } from '../../views/returning-visitor.ts';

/** How many items "Recent activity" lists. */
export const RECENT_ACTIVITY_ITEMS = 8;

interface ActivityRow {
  id: string;
  title: string;
  ownerName: string;
  estateId: string;
  at: string;
  threadId?: string | null;
}

/** When the viewer could first see an item: its creation, or the activation that released it (as shared-views.ts sharedAt). */
const sharedAtSql = (createdAt: AnyColumn, release: AnyColumn) =>
  sql`case when ${release} = 'after_activation' and ${estates.activatedAt} > ${createdAt} then ${estates.activatedAt} else ${createdAt} end`;

interface Kind {
  table: SQL;
  id: SQL;
  estateId: SQL;
  /** The JSON of one activity row (id, title, ownerName, estateId, at, …) from the item joined to its estate and owner. */
  item: SQL;
  /** The access policy's condition. */
  visible: SQL;
  /** Newest first by this, then by id. */
  newest: SQL;
}

/**
 * The newest visible items of one kind over the viewer's linked estates, as JSON: each estate's
 * newest through its own index walk (a lateral query per estate, as acrossEstates reads the lists),
 * then the newest of them all.
 */
function newestVisible(estateIds: readonly string[], kind: Kind): SQL<ActivityRow[]> {
  return subselect(sql<ActivityRow[]>`coalesce((select json_agg(t.item order by t.position) from (
    select picked.item, row_number() over (order by picked.newest desc, picked.id desc) as position
    from unnest(string_to_array(${estateIds.join(',')}, ',')::uuid[]) as linked(id)
    cross join lateral (
      select ${kind.item} as item, ${kind.newest} as newest, ${kind.id} as id from ${kind.table}
        inner join ${estates} on ${estates.id} = ${kind.estateId} inner join ${users} on ${users.id} = ${estates.ownerId}
      where ${kind.estateId} = linked.id and ${kind.visible}
      order by ${kind.newest} desc, ${kind.id} desc limit ${RECENT_ACTIVITY_ITEMS}) picked
    order by picked.newest desc, picked.id desc limit ${RECENT_ACTIVITY_ITEMS}) t), '[]'::json)`);
}

/**
 * "Recent activity" on the beneficiary's home — the newest memories, documents and letters the viewer
 * may see, each with the path its View link opens — and whether they have been here before, in one
 * statement.
 */
export async function recentActivity(ctx: Ctx): Promise<{ activity: TSharedActivity[]; returning: boolean }> {
  const linked = ctx.actor.linkedEstateIds;
  const viewer = ctx.actor.userId;
  const [row] = await ctx.db
    .select({
      returning: returningVisitorSql(ctx),
      memories: linked.length
        ? newestVisible(linked, {
            table: sql`${memories}`,
            id: sql`${memories.id}`,
            estateId: sql`${memories.estateId}`,
            item: sql`json_build_object('id', ${memories.id}, 'title', ${memories.title}, 'ownerName', ${users.name}, 'estateId', ${memories.estateId},
              'at', ${isoTime(sharedAtSql(memories.createdAt, memories.release))})`,
            visible: memoryVisibleSql(ctx.db, viewer),
            newest: sql`${memories.createdAt}`,
          })
        : sql<ActivityRow[]>`'[]'::json`,
      documents: linked.length
        ? newestVisible(linked, {
            table: sql`${documents}`,
            id: sql`${documents.id}`,
            estateId: sql`${documents.estateId}`,
            item: sql`json_build_object('id', ${documents.id}, 'title', ${documents.title}, 'ownerName', ${users.name}, 'estateId', ${documents.estateId},
              'at', ${isoTime(sharedAtSql(documents.createdAt, documents.release))})`,
            visible: documentVisibleSql(ctx.db, viewer),
            newest: sql`${documents.createdAt}`,
          })
        : sql<ActivityRow[]>`'[]'::json`,
      letters: linked.length
        ? newestVisible(linked, {
            table: sql`${futureMessages}`,
            id: sql`${futureMessages.id}`,
            estateId: sql`${futureMessages.estateId}`,
            item: sql`json_build_object('id', ${futureMessages.id}, 'title', ${futureMessages.subject}, 'ownerName', ${users.name}, 'estateId', ${futureMessages.estateId},
              'at', ${isoTime(futureMessages.deliveredAt)},
              'threadId', (select ${messages.threadId} from ${messages} where ${messages.futureMessageId} = ${futureMessages.id} and ${messages.recipientId} = ${viewer} limit 1))`,
            visible: sql`${letterVisibleSql(ctx.db, viewer)} and ${futureMessages.deliveredAt} is not null`,
            newest: sql`${futureMessages.deliveredAt}`,
          })
        : sql<ActivityRow[]>`'[]'::json`,
    })
    .from(sql`(select 1) as one`);
  if (!row) return { activity: [], returning: false };
  const activity: TSharedActivity[] = [
    ...row.memories.map((m) => ({ ...m, kind: 'memory' as const, href: `/beneficiary/memories?view=${m.id}` })),
    ...row.documents.map((d) => ({ ...d, kind: 'document' as const, href: `/beneficiary/documents?view=${d.id}` })),
    ...row.letters.map(({ threadId, ...l }) => ({
      ...l,
      kind: 'message' as const,
      href: threadId ? `/beneficiary/messages?thread=${threadId}` : `/beneficiary/estate/${l.estateId}#messages`,
    })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, RECENT_ACTIVITY_ITEMS);
  return { activity, returning: row.returning };
}
