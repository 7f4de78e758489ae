import { and, count, desc, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { ESTATE_STATUS_LABELS } from '../../../core/constants.ts';
import { isEstateStatus } from '../../../core/lifecycle.ts';
import { beneficiaries, estates, supportTeamMembers } from '../../db/schema/estates.ts';
import { auditLog } from '../../db/schema/system.ts';
import { users } from '../../db/schema/users.ts';
import { ESTATE_ADMINISTRATOR_ROLE, administersSql } from '../../access/estate-roles.ts';
import { describeAction } from '../../lib/audit-descriptions.ts';
import { bucketOf, fillSeries, inRange, type ReportRange } from '../../lib/report-range.ts';
import { isoSql, type ReportBuilder } from '../../lib/report-table.ts';

/**
 * Security kinds logged against an estate: proof previews and reviews, the report and its
 * withdrawal, status changes, secrets revealed, and every failed or refused action.
 */
export const SECURITY_ACTIONS = [
  'verification.document_viewed',
  'verification.approved',
  'verification.rejected',
  'estate.reported',
  'estate.report_withdrawn',
  'estate.status_changed',
  'digital_asset.secret_revealed',
] as const;
/** The owner's own account under attack — failed or refused sign-ins, lock-outs — logged without an estate. */
const OWNER_ACCOUNT_ACTIONS = ['auth.sign_in_failed', 'auth.sign_in_refused_locked', 'auth.sign_in_refused_status', 'auth.account_locked'] as const;

const LIFECYCLE_WORDS: Record<string, string> = {
  'verification.document_viewed': 'Proof document previewed',
  'verification.approved': 'Proof document verified',
  'verification.rejected': 'Proof document rejected',
  'estate.reported': 'Death or incapacity reported',
  'estate.report_withdrawn': 'Report withdrawn by the owner',
};

/** What happened, in words, from the action and — for status changes only — the two statuses. Never other details. */
export function describeSecurityEntry(action: string, details: Record<string, unknown>): string {
  if (action === 'estate.status_changed') {
    const { from, to } = details;
    if (typeof from === 'string' && typeof to === 'string' && isEstateStatus(from) && isEstateStatus(to)) {
      return `Status changed: ${ESTATE_STATUS_LABELS[from]} → ${ESTATE_STATUS_LABELS[to]}`;
    }
    return 'Status changed';
  }
  return LIFECYCLE_WORDS[action] ?? describeAction(action);
}

const securityKind = (): SQL =>
  or(inArray(auditLog.action, [...SECURITY_ACTIONS]), like(auditLog.action, '%\\_failed'), like(auditLog.action, '%\\_refused%'))!;

/** SQL: who the actor is to the estate (a role, never a name). */
const actorRole = sql<string>`case
  when ${auditLog.actorUserId} is null then 'System'
  when ${auditLog.actorUserId} = ${estates.ownerId} then 'Owner'
  when exists (select 1 from ${supportTeamMembers} s where s.estate_id = ${estates.id} and s.user_id = ${auditLog.actorUserId} and s.role = ${ESTATE_ADMINISTRATOR_ROLE}) then 'Estate administrator'
  when exists (select 1 from ${beneficiaries} b where b.estate_id = ${estates.id} and b.user_id = ${auditLog.actorUserId}) then 'Beneficiary'
  when exists (select 1 from ${supportTeamMembers} s where s.estate_id = ${estates.id} and s.user_id = ${auditLog.actorUserId}) then 'Support team'
  else 'Other' end`;

/**
 * Security Audit: the audit entries of the administered estates of a security kind in the range,
 * newest first — logged on the estate, or failed sign-ins and lock-outs of its owner's account
 * (logged without an estate). Ids, actions, the actor's role and status changes only: no IP,
 * device or other details (ADR 0020).
 */
export const securityAudit: ReportBuilder = async (ctx, range, limit) => {
  const { db } = ctx;
  const me = ctx.actor.userId;
  const onEstate = and(eq(auditLog.estateId, estates.id), securityKind());
  const onOwner = and(isNull(auditLog.estateId), eq(auditLog.actorUserId, estates.ownerId), inArray(auditLog.action, [...OWNER_ACCOUNT_ACTIONS]));
  const entries = (join: SQL) =>
    db
      .select({
        id: auditLog.id,
        at: isoSql(auditLog.at),
        estate: users.name,
        action: auditLog.action,
        details: auditLog.details,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        actorRole,
        actorId: auditLog.actorUserId,
      })
      .from(auditLog)
      .innerJoin(estates, join)
      .innerJoin(users, eq(users.id, estates.ownerId))
      .where(and(administersSql(db, me, estates.id), inRange(auditLog.at, range)))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit + 1);
  const perBucket = (join: SQL, r: ReportRange) =>
    db
      .select({ bucket: bucketOf(auditLog.at, r), n: count() })
      .from(auditLog)
      .innerJoin(estates, join)
      .where(and(administersSql(db, me, estates.id), inRange(auditLog.at, r)))
      .groupBy(sql`1`);

  // Two index-friendly queries (by estate, by owner) merged, rather than one join on an OR.
  const [a, b, bucketsA, bucketsB] = await Promise.all([entries(onEstate!), entries(onOwner!), perBucket(onEstate!, range), perBucket(onOwner!, range)]);
  const merged = [...a, ...b].sort((x, y) => (x.at === y.at ? y.id - x.id : (y.at ?? '').localeCompare(x.at ?? '')));
  const rows = merged.slice(0, limit);
  const buckets = new Map<string, number>();
  for (const r of [...bucketsA, ...bucketsB]) buckets.set(r.bucket, (buckets.get(r.bucket) ?? 0) + r.n);
  return {
    columns: [
      { key: 'at', label: 'Time', kind: 'datetime' },
      { key: 'estate', label: 'Estate', kind: 'text' },
      { key: 'action', label: 'Action', kind: 'text' },
      { key: 'description', label: 'What happened', kind: 'text' },
      { key: 'actorRole', label: 'By', kind: 'text' },
      { key: 'actorId', label: 'Actor id', kind: 'text' },
      { key: 'targetType', label: 'Target', kind: 'text' },
      { key: 'targetId', label: 'Target id', kind: 'text' },
      { key: 'entry', label: 'Entry', kind: 'number' },
    ],
    rows: rows.map((r) => [r.at, r.estate, r.action, describeSecurityEntry(r.action, r.details), r.actorRole, r.actorId, r.targetType, r.targetId, r.id]),
    truncated: merged.length > limit,
    series: { label: 'Security events', points: fillSeries(range, [...buckets].map(([bucket, n]) => ({ bucket, n }))) },
  };
};
