import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { computeCompletion } from '../../../core/completion.ts';
import type { CursorOf } from '../../../core/keyset.schemas.ts';
import {
  ADMINISTERED_BENEFICIARY_PAGE_SIZE,
  type TAdministeredBeneficiaryPage,
  type TAdministeredBeneficiaryQuery,
  type TAdministeredEstate,
  type TAdministeredEstateDetail,
  type TAdministeredEstatePage,
} from '../../../core/lifecycle.schemas.ts';
import { isEstateStatus, type EstateEvent, type EstateStatus } from '../../../core/lifecycle.ts';
import { activationOpensWords, windowOver } from '../../../core/quorum.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { beneficiaries, estates, ownerBornOnSql, ownerNameSql } from '../../db/schema/estates.ts';
import { estateReports, verificationItems } from '../../db/schema/lifecycle.ts';
import { memories } from '../../db/schema/memories.ts';
import { futureMessages } from '../../db/schema/messages.ts';
import { users } from '../../db/schema/users.ts';
import { administersSql } from '../../access/estate-roles.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { afterCursor, ascending, keysetPage } from '../../lib/keyset.ts';
import { containsPattern } from '../../lib/like.ts';
import { isoTime, subselect } from '../../lib/child-rows.ts';
import { reportSafeguards } from '../../db/schema/report-safeguards.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { completionFacts } from '../../views/completion-facts.ts';
import { endIncapacity } from '../../lifecycle/end-incapacity.ts';
import { administeredBeneficiaryPage } from './estate-beneficiaries.ts';
import { windowEndOf } from '../../lifecycle/release-gates.ts';
import { reportView } from '../../lifecycle/report-view.ts';
import { announceTransition, applyTransition } from '../../lifecycle/transition-estate.ts';

export const ADMINISTERED_ESTATE_PAGE_SIZE = 25;

/**
 * What the estate administrator may trigger from a status. Proof decisions move the estate through
 * verification; the administrator's own step is Activate — unless the owner chose activation "On
 * specific date", which the scheduler does on that date (ADR 0019), or the owner's veto window is
 * still running (the gate would refuse it; ADR 0078).
 */
export function adminEvents(status: EstateStatus, activationCondition: string, windowRunning = false): EstateEvent[] {
  if (status === 'incapacity') return ['incapacity_ended'];
  return status === 'activation_pending' && activationCondition !== 'specific_date' && !windowRunning ? ['activated'] : [];
}

/** An estate's report in progress (open or verified, the newest), as selected by `summarySql`. */
interface CurrentReport {
  id: string;
  createdAt: string;
  /** When its veto window ends, as stored with the report (null for a report made before they were). */
  windowEndsAt: string | null;
  verified: number;
  /** Its proofs not rejected. */
  total: number;
}

/** What a tile shows beyond the estate row, selected beside it (correlated on `estates`): one statement for a page. */
const summarySql = {
  beneficiaries: subselect(sql<number>`(select count(*) from ${beneficiaries} where ${beneficiaries.estateId} = ${estates.id})`).mapWith(Number),
  documents: subselect(sql<number>`(select count(*) from ${documents} where ${documents.estateId} = ${estates.id})`).mapWith(Number),
  report: subselect(sql<CurrentReport | null>`(select json_build_object('id', ${estateReports.id}, 'createdAt', ${isoTime(estateReports.createdAt)},
      'windowEndsAt', ${isoTime(reportSafeguards.windowEndsAt)},
      'verified', (select count(*) from ${verificationItems} where ${verificationItems.estateId} = ${estates.id} and ${verificationItems.reportId} = ${estateReports.id} and ${verificationItems.status} = 'verified'),
      'total', (select count(*) from ${verificationItems} where ${verificationItems.estateId} = ${estates.id} and ${verificationItems.reportId} = ${estateReports.id} and ${verificationItems.status} <> 'rejected'))
    from ${estateReports} left join ${reportSafeguards} on ${reportSafeguards.reportId} = ${estateReports.id}
    where ${estateReports.estateId} = ${estates.id} and ${estateReports.status} in ('open', 'verified')
    order by ${estateReports.createdAt} desc limit 1)`),
};

type EstateRow = { estate: typeof estates.$inferSelect; ownerName: string; beneficiaries: number; documents: number; report: CurrentReport | null };

/**
 * For an estate whose Activate waits for the veto window: when the window ends, in words (null:
 * nothing waits). Only a report older than stored windows needs a read (the rules of the time).
 */
async function activationOpens(db: Db, { estate, report }: EstateRow, now: Date): Promise<TAdministeredEstate['activationOpens']> {
  if (estate.status !== 'activation_pending' || estate.activationCondition === 'specific_date' || !report) return null;
  const end = report.windowEndsAt ? new Date(report.windowEndsAt) : await windowEndOf(db, { id: report.id, estateId: estate.id, createdAt: new Date(report.createdAt) });
  return !windowOver(end, now) ? { at: end.toISOString(), words: activationOpensWords(end, now) } : null;
}

async function summaries(db: Db, rows: EstateRow[], now: Date): Promise<TAdministeredEstate[]> {
  const opens = await Promise.all(rows.map((row) => activationOpens(db, row, now)));
  return rows.map(({ estate, ownerName, beneficiaries: beneficiaryCount, documents: documentCount, report }, i) => {
    const status = isEstateStatus(estate.status) ? estate.status : 'planning';
    return {
      id: estate.id,
      name: ownerName,
      status,
      submittedDate: status === 'planning' ? null : (report?.createdAt ?? null),
      activationDate: estate.activatedAt?.toISOString() ?? (estate.activationCondition === 'specific_date' ? estate.activationDate : null),
      beneficiaries: beneficiaryCount,
      documents: documentCount,
      verificationProgress:
        status === 'active' || status === 'activation_pending' || status === 'incapacity' ? 100 : report?.total ? Math.round((report.verified / report.total) * 100) : 0,
      allowedEvents: adminEvents(status, estate.activationCondition, Boolean(opens[i])),
      activationOpens: opens[i] ?? null,
    };
  });
}

/** The estates the administrator is on the support team of, paged by owner name, searchable; tiles. */
export async function listAdministeredEstates(ctx: Ctx, query: { q?: string | undefined; status?: EstateStatus | undefined; cursor?: CursorOf<['name', 'id']> | undefined }): Promise<TAdministeredEstatePage> {
  const mine = administersSql(ctx.db, ctx.actor.userId, estates.id);
  const [rows, counts] = await Promise.all([
    ctx.db
      .select({ estate: estates, ownerName: users.name, ...summarySql })
      .from(estates)
      .innerJoin(users, eq(users.id, estates.ownerId))
      .where(and(mine, query.q ? ilike(users.name, containsPattern(query.q)) : undefined, query.status ? eq(estates.status, query.status) : undefined, afterCursor(ascending(users.name, estates.id), query.cursor)))
      .orderBy(asc(users.name), asc(estates.id))
      .limit(ADMINISTERED_ESTATE_PAGE_SIZE + 1),
    estateCounts(ctx),
  ]);
  const { page, nextCursor } = keysetPage(rows, ADMINISTERED_ESTATE_PAGE_SIZE, (r) => [r.ownerName, r.estate.id]);
  return {
    items: await summaries(ctx.db, page, ctx.clock.now()),
    nextCursor,
    tiles: { total: counts.total, pendingVerification: counts.verification, active: counts.active },
  };
}

/** The next page of an administered estate's beneficiaries (the detail carries the first). */
export async function listAdministeredEstateBeneficiaries(ctx: Ctx, id: string, query: TAdministeredBeneficiaryQuery): Promise<TAdministeredBeneficiaryPage> {
  await findAdministered(ctx, id);
  return administeredBeneficiaryPage(ctx.db, id, query);
}

async function findAdministered(ctx: Ctx, id: string): Promise<EstateRow & { owner: typeof users.$inferSelect; ownerBornOn: string | null }> {
  const [row] = await ctx.db
    .select({ estate: estates, owner: users, ownerName: ownerNameSql(), ownerBornOn: ownerBornOnSql(), ...summarySql })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(and(eq(estates.id, id), administersSql(ctx.db, ctx.actor.userId, estates.id)));
  if (!row) throw notFound('That estate');
  return row;
}

export async function getAdministeredEstate(ctx: Ctx, id: string): Promise<TAdministeredEstateDetail> {
  const row = await findAdministered(ctx, id);
  const [[summary], [m], [d], [fm], bens, [report], facts] = await Promise.all([
    summaries(ctx.db, [row], ctx.clock.now()),
    ctx.db.select({ n: count() }).from(memories).where(eq(memories.estateId, id)),
    ctx.db.select({ n: count() }).from(documents).where(eq(documents.estateId, id)),
    ctx.db.select({ n: count() }).from(futureMessages).where(eq(futureMessages.estateId, id)),
    administeredBeneficiaryPage(ctx.db, id, { limit: ADMINISTERED_BENEFICIARY_PAGE_SIZE }),
    ctx.db.select().from(estateReports).where(eq(estateReports.estateId, id)).orderBy(desc(estateReports.createdAt)).limit(1),
    completionFacts(ctx, id),
  ]);
  return {
    ...summary!,
    owner: { name: row.ownerName, email: row.owner.email, dateOfBirth: row.ownerBornOn, dateOfDeath: row.estate.dateOfDeath },
    activationCondition: row.estate.activationCondition,
    releaseSchedule: row.estate.releaseSchedule,
    activatedAt: row.estate.activatedAt?.toISOString() ?? null,
    createdAt: row.estate.createdAt.toISOString(),
    legacy: { memories: m?.n ?? 0, documents: d?.n ?? 0, messages: fm?.n ?? 0, completion: computeCompletion(facts).overall },
    report: report ? await reportView(ctx.db, report, ctx.clock.now()) : null,
    beneficiaryList: bens,
  };
}

/** Activate (or any later administrator step): checked by the state machine and the owner's activation condition. */
export async function transitionAdministeredEstate(ctx: Ctx, id: string, event: EstateEvent): Promise<TAdministeredEstateDetail> {
  const row = await findAdministered(ctx, id);
  const status = isEstateStatus(row.estate.status) ? row.estate.status : 'planning';
  if (event === 'activated' && status === 'activation_pending' && row.estate.activationCondition === 'specific_date') {
    throw conflict(`The owner chose activation on ${row.estate.activationDate ?? 'a specific date'}: the estate activates by itself then.`);
  }
  if (event === 'incapacity_ended') {
    await endIncapacity(ctx, id, 'administrator');
    return getAdministeredEstate(ctx, id);
  }
  if (event !== 'activated') {
    throw conflict('Only activation is done by hand here: verification follows the documents, and only the owner can withdraw a report.');
  }
  await inMailTransaction(ctx, async (tx) => announceTransition(tx, await applyTransition(tx.db, ctx, id, event)));
  return getAdministeredEstate(ctx, id);
}

/** Raw count of the administrator's estates by status (dashboard tiles). */
export async function estateCounts(ctx: Ctx) {
  const rows = await ctx.db
    .select({ status: estates.status, n: count() })
    .from(estates)
    .where(administersSql(ctx.db, ctx.actor.userId, estates.id))
    .groupBy(estates.status);
  const n = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  return { total: rows.reduce((a, r) => a + r.n, 0), verification: n('verification_pending'), activation: n('activation_pending'), active: n('active') };
}

