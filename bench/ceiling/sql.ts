/**
 * The ceilings' SQL: per screen, ONE statement that checks the session and builds the screen's
 * whole JSON answer in PostgreSQL — the least work a server could do for that screen. Written by
 * hand for the bench, apart from the app's code; `npm run bench` checks each answer deep-equal to
 * the app's before it measures (a ceiling that answers something else measures nothing).
 * $1 is the session id (the SHA-256 hex of the cookie's token).
 */
import { MEMORY_PAGE_SIZE } from '../../src/core/memories.schemas.ts';
import { PLATFORM_USER_PAGE_SIZE } from '../../src/core/admin-users.schemas.ts';
import { AUDIT_LOG_PAGE_SIZE } from '../../src/core/admin-logs.schemas.ts';
import { DOCUMENT_FORMATS, DOCUMENT_PAGE_SIZE } from '../../src/core/documents.schemas.ts';
import { ACTION_WORDS, VERB_WORDS } from '../../src/server/lib/audit-descriptions.ts';
import { SHARED_PAGE_DEFAULT } from '../../src/core/shared-content.schemas.ts';
import { releaseStepOf } from '../../src/core/release.ts';
import { RELATIONSHIPS } from '../../src/core/constants.ts';
import { SHARED_COUNT_CAP } from '../../src/core/shared-counts.ts';
import { ownerRelationshipLabel } from '../../src/core/shared-content.schemas.ts';
import { RECENT_ACTIVITY_ITEMS } from '../../src/server/modules/shared-content/recent-activity.ts';

/** A time as Date#toISOString() writes it. */
const iso = (time: string) => `to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A time to the microsecond, as the app's cursors hold it. */
const instant = (time: string) => `to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** base64url of the JSON array of these text values, as the app's cursors are. */
const cursor = (...values: string[]) =>
  `translate(encode(convert_to('["' || ${values.map((v) => `(${v})::text`).join(` || '","' || `)} || '"]', 'UTF8'), 'base64'), '+/=' || chr(10), '-_')`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
/** A CASE over a text expression: the words for each known key, else `otherwise`. */
const wordsFor = (expression: string, words: Record<string, string>, otherwise: string) =>
  `case ${expression} ${Object.entries(words).map(([key, value]) => `when ${literal(key)} then ${literal(value)}`).join(' ')} else ${otherwise} end`;
/** 'memory.created' → 'Memory created', as the logs describe an action (the app's words for the known ones). */
const actionWords = (action: string) => {
  const generic = `trim(replace(split_part(${action}, '.', 1), '_', ' ') || ' ' || ${wordsFor(`split_part(${action}, '.', 2)`, VERB_WORDS, `replace(split_part(${action}, '.', 2), '_', ' ')`)})`;
  return wordsFor(action, ACTION_WORDS, `upper(left(${generic}, 1)) || substr(${generic}, 2)`);
};
/**
 * The page's next cursor: the cursor of row `size` of the CTE `page` (numbered n, fetched with
 * size + 1 rows) when there is a row after it; null on the last page.
 */
const nextCursor = (size: number, ...values: string[]) =>
  `(select ${cursor(...values)} from page p where p.n = ${size} and exists (select 1 from page q where q.n = ${size + 1}))`;
/** The estate's beneficiaries as the share pickers list them (CTE `estate`). */
const AUDIENCE = `coalesce((select json_agg(json_build_object('id', b.id, 'name', trim(b.first_name || ' ' || b.last_name), 'relationship', b.relationship)
  order by (b.first_name || ' ' || b.last_name), b.id) from beneficiaries b where b.estate_id = (select id from estate)), '[]')`;
/** The estate's current seal as the owner's lists carry it (CTE `estate`), or null. */
const SEAL = `(select json_build_object('recipient', z.recipient, 'sealTag', z.seal_tag) from estate_seals z where z.estate_id = (select id from estate) and z.retired_at is null)`;
/** The signed-in user of session $1 (active, with the role), or no row. */
const me = (role: string) => `me as (
  select u.id from sessions s join users u on u.id = s.user_id
  where s.id = $1 and u.status = 'active' and exists (select 1 from user_roles r where r.user_id = u.id and r.role = '${role}'))`;

/**
 * The beneficiary access rule (ADR 0009) written out for `item` (an alias of memories or documents)
 * and the viewer of CTE `me`: their row in the item's estate with the category's flag on, the item
 * shared with all, with that row or by a letter delivered to it, and released (now, or after
 * activation once the release reached the category); or, in incapacity mode, a "now" item granted
 * to them.
 */
function visibleTo(item: string, kind: 'memory' | 'document'): string {
  const [flag, shares, shareKey, category] =
    kind === 'memory' ? (['access_memories', 'memory_shares', 'memory_id', 'memories'] as const) : (['access_documents', 'document_shares', 'document_id', 'documents'] as const);
  return `exists (select 1 from beneficiaries b join estates e on e.id = b.estate_id where b.user_id = (select id from me) and b.estate_id = ${item}.estate_id and (
      (b.${flag}
        and (${item}.share_all or exists (select 1 from ${shares} s where s.${shareKey} = ${item}.id and s.beneficiary_id = b.id offset 0)
             or exists (select 1 from future_message_attachments a join future_messages f on f.id = a.future_message_id
                        where a.item_type = '${kind}' and a.item_id = ${item}.id and f.recipient_id = b.id and f.status = 'delivered' offset 0))
        and (${item}.release = 'now' or (${item}.release = 'after_activation' and e.status = 'active' and e.release_steps_done >= ${releaseStepOf(category)})))
      or (e.status = 'incapacity' and ${item}.release = 'now'
        and exists (select 1 from incapacity_grants g where g.beneficiary_id = b.id and g.estate_id = b.estate_id and g.category = '${category}'))))`;
}

/** A letter (alias `f` of future_messages) the viewer of CTE `me` may read: delivered to their row, their messages flag on. */
const LETTER_VISIBLE = `f.status = 'delivered' and exists (select 1 from beneficiaries b where b.id = f.recipient_id and b.user_id = (select id from me) and b.access_messages)`;

/** When the viewer could first see item `i` of estate `e`: its creation, or the activation that released it. */
const sharedAt = (i: string, e: string) => iso(`case when ${i}.release = 'after_activation' and ${e}.activated_at > ${i}.created_at then ${e}.activated_at else ${i}.created_at end`);

/** How many rows of `from` (aliased, with its condition) there are, stopping at the cap + 1 ("500+"). */
const capped = (from: string) => `(select count(*) from (select 1 from ${from} limit ${SHARED_COUNT_CAP + 1}) capped)`;

/** A person's initials as core/names.ts makes them, from the text array `parts` (the name split on spaces). */
const initials = (parts: string) => `coalesce(nullif(upper(left(${parts}[1], 1) || case when cardinality(${parts}) > 1 then left(${parts}[cardinality(${parts})], 1) else '' end), ''), '?')`;

/**
 * The newest visible items of one kind (CTE of `select`: id, title, estate_id, newest, at, and
 * more) over the viewer's linked estates, each estate walked by its own index, then the newest of
 * them all, numbered.
 */
const newestOf = (inner: (estate: string) => string) => `select p.*, row_number() over (order by p.newest desc, p.id desc) as position from (
      select i.*, u.name as owner_name from linked cross join lateral (${inner('linked.id')} limit ${RECENT_ACTIVITY_ITEMS}) i
      join estates e on e.id = i.estate_id join users u on u.id = e.owner_id) p
    order by p.newest desc, p.id desc limit ${RECENT_ACTIVITY_ITEMS}`;

/** The owner's memories list (first page), its rows narrowed by `search` ($2: the text, $3: it as a LIKE pattern). */
const ownerMemories = (search: string) => `with ${me('estate-owner')},
  estate as (select e.id from estates e where e.owner_id = (select id from me)),
  audience as (select count(*) as n from beneficiaries b where b.estate_id = (select id from estate)),
  page as (
    select m.*, row_number() over (order by m.date desc, m.created_at desc, m.id desc) as n from memories m
    where m.estate_id = (select id from estate) ${search} order by m.date desc, m.created_at desc, m.id desc limit ${MEMORY_PAGE_SIZE + 1})
  select case when exists (select 1 from estate) then json_build_object(
    'items', coalesce((select json_agg(json_build_object(
        'id', p.id, 'title', p.title, 'type', p.type, 'date', p.date, 'description', p.description,
        'previewUrl', (select '/api/v1/files/' || mm.thumbnail_file_id || '?inline=1' from memory_media mm
          where mm.memory_id = p.id and mm.kind = 'photo' and mm.thumbnail_file_id is not null order by mm.position limit 1),
        'mediaCounts', (select json_build_object('photo', count(*) filter (where kind = 'photo'), 'video', count(*) filter (where kind = 'video'),
          'audio', count(*) filter (where kind = 'audio'), 'story', count(*) filter (where kind = 'story')) from memory_media mm where mm.memory_id = p.id),
        'share', json_build_object('all', p.share_all,
          'beneficiaryIds', case when p.share_all then '[]'::json else coalesce((select json_agg(s.beneficiary_id order by s.created_at, s.beneficiary_id) from memory_shares s where s.memory_id = p.id), '[]') end,
          'release', p.release,
          'count', case when p.share_all then (select n from audience) else (select count(*) from memory_shares s where s.memory_id = p.id) end),
        'notes', coalesce((select json_agg(json_build_object('id', t.id, 'text', t.text, 'createdAt', ${iso('t.created_at')}) order by t.created_at, t.id)
          from memory_notes t where t.memory_id = p.id), '[]'),
        'media', coalesce((select json_agg(json_build_object('id', mm.id, 'kind', mm.kind, 'title', mm.title, 'content', mm.content, 'sealed', mm.sealed,
            'file', case when f.id is null then null else json_build_object('id', f.id, 'name', f.original_name, 'mimeType', f.mime_type, 'size', f.size, 'url', '/api/v1/files/' || f.id) end,
            'thumbnailUrl', case when mm.thumbnail_file_id is null then null else '/api/v1/files/' || mm.thumbnail_file_id || '?inline=1' end) order by mm.position)
          from memory_media mm left join files f on f.id = mm.file_id and f.status = 'committed' where mm.memory_id = p.id), '[]'),
        'createdAt', ${iso('p.created_at')}
      ) order by p.n) from page p where p.n <= ${MEMORY_PAGE_SIZE}), '[]'),
    'nextCursor', ${nextCursor(MEMORY_PAGE_SIZE, 'p.date', instant('p.created_at'), 'p.id')},
    'beneficiaries', ${AUDIENCE},
    'seal', ${SEAL}
  )::text end as body`;

/** Screens whose statement also takes the search text ($2) and its LIKE pattern ($3). */
export const SEARCHES = new Set(['memory search']);

/** A screen's path on the ceiling server: "admin: users" → admin-users. */
export const slugOf = (screen: string) => screen.replace(/[^a-z]+/g, '-');

export const CEILINGS: Record<string, string> = {
  /** GET /api/v1/admin/users: the newest accounts, their roles, an invited one's link expiry. */
  'admin: users': `with ${me('admin')},
  page as (
    select u.*, row_number() over (order by u.created_at desc, u.id desc) as n from users u
    where exists (select 1 from me) order by u.created_at desc, u.id desc limit ${PLATFORM_USER_PAGE_SIZE + 1})
  select case when exists (select 1 from me) then json_build_object(
    'items', coalesce((select json_agg(json_build_object(
        'id', p.id, 'name', p.name, 'email', p.email,
        'roles', (select coalesce(json_agg(r.role order by array_position(array['admin', 'estate-administrator', 'legacy-planner', 'estate-owner', 'beneficiary'], r.role)), '[]')
                  from user_roles r where r.user_id = p.id),
        'status', p.status, 'isDemo', p.is_demo, 'twoFactorEnabled', p.totp_enabled_at is not null,
        'lastActiveAt', ${iso('p.last_active_at')}, 'createdAt', ${iso('p.created_at')},
        'invitationExpiresAt', case when p.status = 'invited' then (select ${iso('i.expires_at')} from invitations i
          where i.kind = 'staff' and i.target_id = p.id and i.accepted_at is null and i.cancelled_at is null order by i.created_at desc limit 1) end
      ) order by p.n) from page p where p.n <= ${PLATFORM_USER_PAGE_SIZE}), '[]'),
    'nextCursor', ${nextCursor(PLATFORM_USER_PAGE_SIZE, instant('p.created_at'), 'p.id')}
  )::text end as body`,

  /** GET /api/v1/memories: the owner's newest memories with their media, notes and shares, and the beneficiaries to share with. */
  'memories list': ownerMemories(''),

  /** GET /api/v1/memories?q=…: the same, of the memories whose words match (full text) or whose title holds the text as typed (trigram). */
  'memory search': ownerMemories(`and (m.search_vector @@ websearch_to_tsquery('english', $2) or m.title ilike $3 or $2 <% m.title)`),

  /** GET /api/v1/admin/logs: the newest audit rows with who acted, in words. */
  'admin: logs': `with ${me('admin')},
  page as (
    select a.*, u.name as actor_name, u.email as actor_email, row_number() over (order by a.id desc) as n
    from audit_log a left join users u on u.id = a.actor_user_id
    where exists (select 1 from me) order by a.id desc limit ${AUDIT_LOG_PAGE_SIZE + 1})
  select case when exists (select 1 from me) then json_build_object(
    'items', coalesce((select json_agg(json_build_object(
        'id', p.id::text, 'at', ${iso('p.created_at')}, 'actorId', p.actor_user_id, 'actorName', p.actor_name, 'actorEmail', p.actor_email,
        'action', p.action, 'description', ${actionWords('p.action')},
        'target', concat_ws(' ', nullif(replace(p.target_type, '_', ' '), ''), nullif(left(p.target_id, 8), '')), 'ip', p.ip
      ) order by p.n) from page p where p.n <= ${AUDIT_LOG_PAGE_SIZE}), '[]'),
    'nextCursor', ${nextCursor(AUDIT_LOG_PAGE_SIZE, 'p.id')},
    'actorName', null
  )::text end as body`,

  /** GET /api/v1/documents: the owner's newest documents with file and shares, the live counts, folders and beneficiaries. */
  'documents list': `with ${me('estate-owner')},
  estate as (select e.id from estates e where e.owner_id = (select id from me)),
  audience as (select count(*) as n from beneficiaries b where b.estate_id = (select id from estate)),
  tally as (select d.type, d.folder_id, count(*) as n from documents d where d.estate_id = (select id from estate) group by d.type, d.folder_id),
  page as (
    select d.*, f.original_name, f.mime_type as file_mime_type, f.size as file_size,
      row_number() over (order by d.created_at desc, d.id desc) as n
    from documents d join files f on f.id = d.file_id and f.status = 'committed'
    where d.estate_id = (select id from estate) order by d.created_at desc, d.id desc limit ${DOCUMENT_PAGE_SIZE + 1})
  select case when exists (select 1 from estate) then json_build_object(
    'items', coalesce((select json_agg(json_build_object(
        'id', p.id, 'title', p.title, 'type', p.type, 'format', ${wordsFor('p.mime_type', DOCUMENT_FORMATS, `'File'`)},
        'size', p.size, 'folderId', p.folder_id,
        'file', json_build_object('id', p.file_id, 'name', p.original_name, 'mimeType', p.file_mime_type, 'size', p.file_size, 'url', '/api/v1/files/' || p.file_id),
        'share', json_build_object('all', p.share_all,
          'beneficiaryIds', case when p.share_all then '[]'::json else coalesce((select json_agg(s.beneficiary_id order by s.created_at, s.beneficiary_id) from document_shares s where s.document_id = p.id), '[]') end,
          'release', p.release,
          'count', case when p.share_all then (select n from audience) else (select count(*) from document_shares s where s.document_id = p.id) end),
        'version', p.version, 'sealed', p.sealed, 'snippet', null, 'createdAt', ${iso('p.created_at')}
      ) order by p.n) from page p where p.n <= ${DOCUMENT_PAGE_SIZE}), '[]'),
    'nextCursor', ${nextCursor(DOCUMENT_PAGE_SIZE, instant('p.created_at'), 'p.id')},
    'total', (select coalesce(sum(n), 0) from tally),
    'counts', json_build_object('all', (select coalesce(sum(n), 0) from tally), 'legal', (select coalesce(sum(n), 0) from tally where type = 'legal'),
      'financial', (select coalesce(sum(n), 0) from tally where type = 'financial'), 'personal', (select coalesce(sum(n), 0) from tally where type = 'personal'),
      'other', (select coalesce(sum(n), 0) from tally where type = 'other')),
    'folders', coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'count', (select coalesce(sum(n), 0) from tally where folder_id = f.id)) order by f.name)
      from document_folders f where f.estate_id = (select id from estate)), '[]'),
    'beneficiaries', ${AUDIENCE},
    'seal', ${SEAL}
  )::text end as body`,


  /**
   * GET /api/v1/shared/memories: the memories the beneficiary may see in every estate they are linked
   * to, newest memory date first, each estate walked by its own index — the access rule (ADR 0009) written out: their row in that estate
   * with the memories flag on, the memory shared with all, with that row or by a letter delivered to
   * it, and released (now, or after activation once the release reached memories); or, in incapacity
   * mode, a "now" memory granted to them.
   */
  'shared memories': `with ${me('beneficiary')},
  linked as (select distinct b.estate_id from beneficiaries b where b.user_id = (select id from me)),
  page as (
    select v.*, row_number() over (order by v.date desc, v.id desc) as n from (
      select m.*, u.name as owner_name, e.activated_at
      from linked cross join lateral (
        select m.* from memories m
        where m.estate_id = linked.estate_id and ${visibleTo('m', 'memory')}
        order by m.date desc, m.id desc limit ${SHARED_PAGE_DEFAULT + 1}) m
      join estates e on e.id = m.estate_id join users u on u.id = e.owner_id) v
    order by v.date desc, v.id desc limit ${SHARED_PAGE_DEFAULT + 1})
  select case when exists (select 1 from me) then json_build_object(
    'items', coalesce((select json_agg(json_build_object(
        'id', p.id, 'estateId', p.estate_id, 'title', p.title, 'type', p.type, 'date', p.date, 'description', p.description, 'from', p.owner_name,
        'previewUrl', (select '/api/v1/shared/files/' || coalesce(mm.thumbnail_file_id, mm.file_id) || '?inline=1' from memory_media mm
          join files f on f.id = mm.file_id and f.status = 'committed' where mm.memory_id = p.id and mm.kind = 'photo' order by mm.position limit 1),
        'sharedAt', ${iso(`case when p.release = 'after_activation' and p.activated_at > p.created_at then p.activated_at else p.created_at end`)}
      ) order by p.n) from page p where p.n <= ${SHARED_PAGE_DEFAULT}), '[]'),
    'nextCursor', ${nextCursor(SHARED_PAGE_DEFAULT, 'p.date', 'p.id')}
  )::text end as body`,

  /**
   * GET /api/v1/shared/home: a card per estate the beneficiary is linked to (the owner, how they are
   * related, when the owner was last here while planning, the capped counts of what they may see),
   * the newest memories, documents and letters they may see, and whether they have been here before.
   */
  'beneficiary home': `with ${me('beneficiary')},
  linked as (select distinct b.estate_id as id from beneficiaries b where b.user_id = (select id from me)),
  cards as (
    select c.*, e.status, u.name as owner_name, u.last_active_at, regexp_split_to_array(btrim(u.name), '\\s+') as name_parts
    from (select distinct on (b.estate_id) b.* from beneficiaries b where b.user_id = (select id from me) order by b.estate_id, b.created_at) c
    join estates e on e.id = c.estate_id join users u on u.id = e.owner_id),
  recent_memories as (${newestOf(
    (estate) => `select m.id, m.title, m.estate_id, m.created_at as newest, ${sharedAt('m', 'me2')} as at, null::uuid as thread_id
      from memories m join estates me2 on me2.id = m.estate_id where m.estate_id = ${estate} and ${visibleTo('m', 'memory')} order by m.created_at desc, m.id desc`,
  )}),
  recent_documents as (${newestOf(
    (estate) => `select d.id, d.title, d.estate_id, d.created_at as newest, ${sharedAt('d', 'de')} as at, null::uuid as thread_id
      from documents d join estates de on de.id = d.estate_id where d.estate_id = ${estate} and ${visibleTo('d', 'document')} order by d.created_at desc, d.id desc`,
  )}),
  recent_letters as (${newestOf(
    (estate) => `select f.id, f.subject as title, f.estate_id, f.delivered_at as newest, ${iso('f.delivered_at')} as at,
        (select t.thread_id from messages t where t.future_message_id = f.id and t.recipient_id = (select id from me) limit 1) as thread_id
      from future_messages f where f.estate_id = ${estate} and ${LETTER_VISIBLE} and f.delivered_at is not null order by f.delivered_at desc, f.id desc`,
  )}),
  activity as (
    select * from (
      select 0 as k, r.position, r.at, json_build_object('id', r.id, 'kind', 'memory', 'title', r.title, 'ownerName', r.owner_name, 'estateId', r.estate_id, 'at', r.at,
        'href', '/beneficiary/memories?view=' || r.id) as item from recent_memories r
      union all
      select 1, r.position, r.at, json_build_object('id', r.id, 'kind', 'document', 'title', r.title, 'ownerName', r.owner_name, 'estateId', r.estate_id, 'at', r.at,
        'href', '/beneficiary/documents?view=' || r.id) from recent_documents r
      union all
      select 2, r.position, r.at, json_build_object('id', r.id, 'kind', 'message', 'title', r.title, 'ownerName', r.owner_name, 'estateId', r.estate_id, 'at', r.at,
        'href', case when r.thread_id is null then '/beneficiary/estate/' || r.estate_id || '#messages' else '/beneficiary/messages?thread=' || r.thread_id end) from recent_letters r
    ) everything order by at desc, k, position limit ${RECENT_ACTIVITY_ITEMS})
  select case when exists (select 1 from me) then json_build_object(
    'estates', coalesce((select json_agg(json_build_object(
        'estateId', c.estate_id, 'owner', json_build_object('name', c.owner_name, 'initials', ${initials('c.name_parts')}),
        'relationship', ${wordsFor('c.relationship', Object.fromEntries(RELATIONSHIPS.map((r) => [r, ownerRelationshipLabel(r)])), 'c.relationship')},
        'lastActiveAt', case when c.status = 'planning' then ${iso('c.last_active_at')} end, 'status', c.status,
        'counts', json_build_object(
          'memories', ${capped(`memories m where m.estate_id = c.estate_id and ${visibleTo('m', 'memory')} order by m.created_at, m.id`)},
          'documents', ${capped(`documents d where d.estate_id = c.estate_id and ${visibleTo('d', 'document')} order by d.created_at, d.id`)},
          'messages', ${capped(`future_messages f where f.estate_id = c.estate_id and ${LETTER_VISIBLE}`)})
      ) order by c.created_at) from cards c), '[]'),
    'activity', coalesce((select json_agg(a.item order by a.at desc, a.k, a.position) from activity a), '[]'),
    'returning', exists (select 1 from audit_log l where l.actor_user_id = (select id from me) and l.action in ('auth.sign_in', 'auth.demo_sign_in') and l.target_id is distinct from left($1, 12))
      or (exists (select 1 from audit_log l where l.actor_user_id = (select id from me) and l.action in ('auth.sign_in', 'auth.demo_sign_in') and l.target_id = left($1, 12))
          and exists (select 1 from audit_log l where l.actor_user_id = (select id from me) and l.action = 'auth.sign_up'))
  )::text end as body`,
};
