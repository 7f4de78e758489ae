import { and, asc, eq } from 'drizzle-orm';
import {
  GUIDANCE_NOT_ADVICE,
  JURISDICTION_CHOICES,
  REMINDER_DAYS,
  type DeadlineStatus,
  type TDeadline,
  type TDeadlines,
} from '../../../core/deadlines.schemas.ts';
import { addDays, isoDayOf, jurisdictionOf } from '../../../core/settlement/rules.ts';
import type { BaseCtx, Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { settlementAccessOf } from '../../access/executors.ts';
import { ownerNameOf } from '../../safeguards/trustee-notices.ts';
import { estateSettlements, settlementDeadlines } from '../../db/schema/settlement.ts';
import { users } from '../../db/schema/users.ts';
import { recordedDateOfDeath } from '../../lifecycle/date-of-death.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';

const THE_DEADLINES = 'That estate’s deadlines';

/**
 * What the actor may do with this estate's deadlines now (access/executors.ts decides, as for the
 * playbook): 404 when nothing; with `work`, 403 unless they settle the estate.
 */
export async function assertDeadlinesAccess(ctx: Ctx, estateId: string, need: 'read' | 'work' = 'read'): Promise<'read' | 'work'> {
  const access = await settlementAccessOf(ctx.db, ctx.actor.userId, estateId);
  if (!access) throw notFound(THE_DEADLINES);
  if (need === 'work' && access !== 'work') throw forbidden('Only the executor, their deputy and the estate administrator set and tick off deadlines. You can follow them here.');
  return access;
}

/** A deadline's status on `today` (UTC day): done, overdue (the day has passed), due soon (within REMINDER_DAYS), upcoming. */
export function statusOf(row: { dueOn: string; doneAt: Date | null }, today: string): DeadlineStatus {
  if (row.doneAt) return 'done';
  if (row.dueOn < today) return 'overdue';
  if (row.dueOn <= addDays(today, REMINDER_DAYS)) return 'due-soon';
  return 'upcoming';
}

/** The estate's deadlines by due date (then id), as the API shows them on `today`. */
export async function deadlineRows(db: Db, estateId: string, today: string, deadlineId?: string): Promise<TDeadline[]> {
  const rows = await db
    .select({ d: settlementDeadlines, doneByName: users.name })
    .from(settlementDeadlines)
    .leftJoin(users, eq(users.id, settlementDeadlines.doneBy))
    .where(and(eq(settlementDeadlines.estateId, estateId), deadlineId ? eq(settlementDeadlines.id, deadlineId) : undefined))
    .orderBy(asc(settlementDeadlines.dueOn), asc(settlementDeadlines.id));
  return rows.map(({ d, doneByName }) => ({
    id: d.id,
    ruleKey: d.ruleKey,
    title: d.title,
    detail: d.detail,
    sourceUrl: d.sourceUrl,
    guidance: d.ruleKey !== null,
    dueOn: d.dueOn,
    status: statusOf(d, today),
    done: d.doneAt ? { byName: doneByName ?? 'A former member', at: d.doneAt.toISOString() } : null,
    remindedAt: d.remindedAt?.toISOString() ?? null,
  }));
}

/** One deadline of the estate (404 when it is not the estate's). */
export async function deadlineOf(ctx: BaseCtx, estateId: string, deadlineId: string): Promise<TDeadline> {
  const [row] = await deadlineRows(ctx.db, estateId, isoDayOf(ctx.clock.now()), deadlineId);
  if (!row) throw notFound('That deadline');
  return row;
}

/**
 * GET: the settlement facts and the whole timeline of an active estate, for those who settle it and
 * the digital-legacy beneficiaries who follow them. Not paged: the rules files hold a handful of
 * rules and the executor's own deadlines are capped (MAX_OWN_DEADLINES).
 */
export async function getDeadlines(ctx: Ctx, estateId: string): Promise<TDeadlines> {
  const access = await assertDeadlinesAccess(ctx, estateId);
  const today = isoDayOf(ctx.clock.now());
  const [ownerName, [settlement], suggested, deadlines] = await Promise.all([
    ownerNameOf(ctx, estateId),
    ctx.db.select().from(estateSettlements).where(eq(estateSettlements.estateId, estateId)),
    recordedDateOfDeath(ctx.db, estateId),
    deadlineRows(ctx.db, estateId, today),
  ]);
  const rules = settlement ? jurisdictionOf(settlement.jurisdiction) : undefined;
  const count = (status: DeadlineStatus) => deadlines.filter((d) => d.status === status).length;
  return {
    estateId,
    ownerName,
    settlement: settlement
      ? {
          jurisdiction: settlement.jurisdiction,
          jurisdictionName: rules?.name ?? settlement.jurisdiction,
          note: rules?.note ?? '',
          dateOfDeath: settlement.dateOfDeath,
        }
      : null,
    suggestedDateOfDeath: suggested,
    jurisdictions: JURISDICTION_CHOICES,
    today,
    deadlines,
    counts: { overdue: count('overdue'), dueSoon: count('due-soon'), open: deadlines.length - count('done'), done: count('done') },
    canWork: access === 'work',
    disclaimer: GUIDANCE_NOT_ADVICE,
  };
}
