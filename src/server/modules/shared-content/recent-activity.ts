import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { TSharedActivity } from '../../../core/shared-content.schemas.ts';
import type { Ctx } from '../../context.ts';
import { documents } from '../../db/schema/documents.ts';
import { estates, ownerNameSql } from '../../db/schema/estates.ts';
import { memories } from '../../db/schema/memories.ts';
import { futureMessages, messages } from '../../db/schema/messages.ts';
import { users } from '../../db/schema/users.ts';
import { documentVisibleSql, letterVisibleSql, memoryVisibleSql } from '../../access/policy.ts';
import { eachId, idList, isoTime, subselect } from '../../lib/child-rows.ts';
import { auditedSessionId } from '../../lib/audit.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { returningVisitorSql } from '../../views/returning-visitor.ts';
import { sharedAtSql } from './shared-views.ts';

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

interface Kind {
  table: typeof memories | typeof documents | typeof futureMessages;
  id: AnyColumn;
  estateId: AnyColumn;
  title: AnyColumn;
  /** When the viewer could first see it (the activity's time), as ISO text. */
  at: SQL<string>;
  /** More keys of its activity row, as `'key', value` pairs. */
  more?: SQL;
  /** The access policy's condition. */
  visible: SQL;
  /** Newest first by this, then by id. */
  newest: AnyColumn;
}

/**
 * The newest visible items of one kind over the viewer's linked estates, as JSON: each estate's
 * newest through its own index walk (a lateral query per estate, as acrossEstates reads the lists),
 * then the newest of them all. Each item is joined to its estate and owner.
 */
function newestVisible(estateIds: Placeholder, kind: Kind): SQL<ActivityRow[]> {
  const item = sql`json_build_object('id', ${kind.id}, 'title', ${kind.title}, 'ownerName', ${ownerNameSql()}, 'estateId', ${kind.estateId},
    'at', ${kind.at}${kind.more ? sql`, ${kind.more}` : sql``})`;
  return subselect(sql<ActivityRow[]>`coalesce((select json_agg(t.item order by t.position) from (
    select picked.item, row_number() over (order by picked.newest desc, picked.id desc) as position
    from ${eachId(estateIds, 'linked')}
    cross join lateral (
      select ${item} as item, ${kind.newest} as newest, ${kind.id} as id from ${kind.table}
        inner join ${estates} on ${estates.id} = ${kind.estateId} inner join ${users} on ${users.id} = ${estates.ownerId}
      where ${kind.estateId} = linked.id and ${kind.visible}
      order by ${kind.newest} desc, ${kind.id} desc limit ${RECENT_ACTIVITY_ITEMS}) picked
    order by picked.newest desc, picked.id desc limit ${RECENT_ACTIVITY_ITEMS}) t), '[]'::json)`);
}

/** A memory or a document as an activity, seen from when it was shared (sharedAtSql). */
const shareable = (table: typeof memories | typeof documents, visible: SQL): Kind => ({
  table,
  id: table.id,
  estateId: table.estateId,
  title: table.title,
  at: sharedAtSql(table),
  visible,
  newest: table.createdAt,
});

/**
 * "Recent activity" and whether the viewer has been here before, in one statement, built once with
 * placeholders for the viewer, their linked estates and their session (prepared-query.ts): its
 * policy-heavy SQL was a third of the home's server time when rebuilt on every request.
 */
const activityOf = preparedQuery((db) => {
  const viewer = sql.placeholder('viewer');
  const linked = sql.placeholder('linked');
  return db
    .select({
      returning: returningVisitorSql(viewer, sql.placeholder('session')),
      memories: newestVisible(linked, shareable(memories, memoryVisibleSql(db, viewer))),
      documents: newestVisible(linked, shareable(documents, documentVisibleSql(db, viewer))),
      letters: newestVisible(linked, {
        table: futureMessages,
        id: futureMessages.id,
        estateId: futureMessages.estateId,
        title: futureMessages.subject,
        at: isoTime(futureMessages.deliveredAt),
        // The viewer's copy in their inbox: its View link opens that thread.
        more: sql`'threadId', (select ${messages.threadId} from ${messages} where ${messages.futureMessageId} = ${futureMessages.id} and ${messages.recipientId} = ${viewer} limit 1)`,
        visible: sql`${letterVisibleSql(db, viewer)} and ${futureMessages.deliveredAt} is not null`,
        newest: futureMessages.deliveredAt,
      }),
    })
    .from(sql`(select 1) as one`)
    .prepare('heirloom_recent_activity');
});

/**
 * "Recent activity" on the beneficiary's home — the newest memories, documents and letters the viewer
 * may see, each with the path its View link opens — and whether they have been here before.
 */
export async function recentActivity(ctx: Ctx): Promise<{ activity: TSharedActivity[]; returning: boolean }> {
  const [row] = await activityOf(ctx.db).execute({
    viewer: ctx.actor.userId,
    linked: idList(ctx.actor.linkedEstateIds),
    session: auditedSessionId(ctx.actor.sessionId),
  });
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
