import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { ACTIVATION_CONDITIONS, RELEASE_SCHEDULES, VERIFICATION_TIMEOUTS } from '../../../core/constants.ts';
import type { DeliveryRule } from '../../../core/delivery-rules.ts';
import { deliveryInWords, type ActivationCondition } from '../../../core/delivery-words.ts';
import { PROOF_DOCUMENT_TYPES } from '../../../core/lifecycle.schemas.ts';
import { reportEventAllowed, requiredProofs } from '../../../core/proof-rules.ts';
import { PLAN_LIST_LIMIT, type TPlanBeneficiary, type TReleasePlan } from '../../../core/release-plan.schemas.ts';
import { RELEASE_CATEGORY_LABELS, releaseStepWords } from '../../../core/release-plan.ts';
import type { Ctx } from '../../context.ts';
import { administratorsOf, reportersOf } from '../../access/estate-roles.ts';
import { documentVisibleOnceReleasedSql, memoryVisibleOnceReleasedSql, RELEASE } from '../../access/policy.ts';
import { trusteesOf } from '../../access/trustees.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { documents } from '../../db/schema/documents.ts';
import { beneficiaries, estates, ownerNameSql } from '../../db/schema/estates.ts';
import { memories } from '../../db/schema/memories.ts';
import { futureMessages } from '../../db/schema/messages.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { verificationRulesOf } from '../../settings/estate-administrator-settings.ts';
import { ownerTimeZone } from '../../settings/owner-time-zone.ts';
import { releaseRulesOf } from '../../settings/release-rules-of.ts';
import { INCAPACITY_CATEGORY_LABELS } from '../../../core/incapacity.schemas.ts';
import { getCheckIn } from '../../settings/check-in-settings.ts';
import { getIncapacitySettings } from '../../settings/incapacity-settings.ts';
import { executorsOf } from '../../access/executors.ts';
import type { TExecutorPerson } from '../../../core/executors.schemas.ts';

const THE_PLAN = 'Your release plan';

/** How many of an estate's memories / documents one beneficiary row will receive, split by release. */
async function itemsFor(ctx: Ctx, estateId: string, beneficiaryId: string): Promise<TPlanBeneficiary['items']> {
  const viewer = { beneficiaryId };
  const [mem, doc] = await Promise.all([
    ctx.db
      .select({ release: memories.release, n: count() })
      .from(memories)
      .where(and(eq(memories.estateId, estateId), memoryVisibleOnceReleasedSql(ctx.db, viewer)))
      .groupBy(memories.release),
    ctx.db
      .select({ release: documents.release, n: count() })
      .from(documents)
      .where(and(eq(documents.estateId, estateId), documentVisibleOnceReleasedSql(ctx.db, viewer)))
      .groupBy(documents.release),
  ]);
  const split = (rows: { release: string; n: number }[]) => ({
    now: rows.find((r) => r.release === RELEASE.now)?.n ?? 0,
    afterActivation: rows.find((r) => r.release === RELEASE.afterActivation)?.n ?? 0,
  });
  return [
    { category: 'documents', ...split(doc) },
    { category: 'memories', ...split(mem) },
  ];
}

async function beneficiaryPlans(ctx: Ctx, estateId: string): Promise<TReleasePlan['beneficiaries']> {
  const [[total], rows, letters] = await Promise.all([
    ctx.db.select({ n: count() }).from(beneficiaries).where(eq(beneficiaries.estateId, estateId)),
    ctx.db
      .select()
      .from(beneficiaries)
      .where(eq(beneficiaries.estateId, estateId))
      .orderBy(asc(beneficiaries.firstName), asc(beneficiaries.lastName), asc(beneficiaries.id))
      .limit(PLAN_LIST_LIMIT),
    ctx.db
      .select({ recipientId: futureMessages.recipientId, n: count() })
      .from(futureMessages)
      .where(and(eq(futureMessages.estateId, estateId), eq(futureMessages.status, 'scheduled'), isNotNull(futureMessages.recipientId)))
      .groupBy(futureMessages.recipientId),
  ]);
  const people = await Promise.all(
    rows.map(async (b) => ({
      id: b.id,
      name: `${b.firstName} ${b.lastName}`.trim(),
      relationship: b.relationship,
      linked: b.userId !== null,
      items: await itemsFor(ctx, estateId, b.id),
      letters: letters.find((l) => l.recipientId === b.id)?.n ?? 0,
      lettersOpen: b.accessMessages,
      digitalLegacy: b.accessDigitalLegacy,
    })),
  );
  return { total: total?.n ?? 0, people };
}

async function messagePlan(ctx: Ctx, estateId: string, activationCondition: ActivationCondition): Promise<TReleasePlan['messages']> {
  const [counts, rows, timeZone] = await Promise.all([
    ctx.db.select({ status: futureMessages.status, n: count() }).from(futureMessages).where(eq(futureMessages.estateId, estateId)).groupBy(futureMessages.status),
    ctx.db
      .select({ message: futureMessages, recipient: beneficiaries })
      .from(futureMessages)
      .leftJoin(beneficiaries, eq(beneficiaries.id, futureMessages.recipientId))
      .where(and(eq(futureMessages.estateId, estateId), eq(futureMessages.status, 'scheduled')))
      // soonest first; the after-activation ones (no time yet) last, by how long after
      .orderBy(sql`${futureMessages.dueAt} asc nulls last`, asc(futureMessages.daysAfterActivation), asc(futureMessages.id))
      .limit(PLAN_LIST_LIMIT),
    ownerTimeZone(ctx.db, estateId),
  ]);
  const now = ctx.clock.now();
  return {
    scheduled: counts.find((c) => c.status === 'scheduled')?.n ?? 0,
    drafts: counts.find((c) => c.status === 'draft')?.n ?? 0,
    items: rows.map(({ message: m, recipient: b }) => ({
      id: m.id,
      subject: m.subject,
      recipientName: b ? `${b.firstName} ${b.lastName}`.trim() : null,
      when: deliveryInWords({
        rule: m.deliveryRule as DeliveryRule,
        deliverOn: m.deliverOn,
        daysAfterActivation: m.daysAfterActivation,
        recipientFirstName: b?.firstName ?? null,
        recipientDateOfBirth: b?.dateOfBirth ?? null,
        activationCondition,
        dueAt: m.dueAt,
        now,
        timeZone,
      }),
    })),
  };
}

/** The owner's release plan: every rule that would run, read from the rules themselves. */
export async function getReleasePlan(ctx: Ctx): Promise<TReleasePlan> {
  const estateId = ownEstateId(ctx, THE_PLAN);
  const [estate] = await ctx.db
    .select({ estate: estates, ownerName: ownerNameSql() })
    .from(estates)
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(and(eq(estates.id, estateId), eq(estates.ownerId, ctx.actor.userId)));
  if (!estate) throw notFound(THE_PLAN);
  const e = estate.estate;
  const condition = (e.activationCondition in ACTIVATION_CONDITIONS ? e.activationCondition : 'upon_death') as ActivationCondition;
  const adminIds = await administratorsOf(ctx.db, estateId);
  const [reporters, trustees, rules, verification, adminNames, people, messages, [assets], incapacity, checkIn, executors] = await Promise.all([
    reportersOf(ctx.db, estateId, PLAN_LIST_LIMIT),
    trusteesOf(ctx.db, estateId),
    releaseRulesOf(ctx.db, estateId),
    verificationRulesOf(ctx, adminIds),
    adminIds.length ? ctx.db.select({ name: users.name }).from(users).where(inArray(users.id, adminIds)).orderBy(asc(users.name)) : Promise.resolve([]),
    beneficiaryPlans(ctx, estateId),
    messagePlan(ctx, estateId, condition),
    ctx.db
      .select({ total: count(), withInstructions: sql<number>`count(${digitalAssets.afterDeathAction})::int` })
      .from(digitalAssets)
      .where(eq(digitalAssets.estateId, estateId)),
    getIncapacitySettings(ctx),
    getCheckIn(ctx),
    executorsOf(ctx.db, estateId),
  ]);
  const planPerson = (p: TExecutorPerson | null) => p && { name: p.name, linkedAs: p.linkedAs };
  const proofLabels = (event: 'death' | 'incapacity') => requiredProofs(event, verification.requiredDocuments).map((t) => PROOF_DOCUMENT_TYPES[t]);
  const schedule = e.releaseSchedule in RELEASE_SCHEDULES ? (e.releaseSchedule as keyof typeof RELEASE_SCHEDULES) : 'all_at_once';
  return {
    ownerName: estate.ownerName,
    status: e.status,
    activationCondition: condition,
    activationConditionLabel: ACTIVATION_CONDITIONS[condition],
    reportEvents: (['death', 'incapacity'] as const).filter((event) => reportEventAllowed(condition, event)),
    reporters,
    trustees: trustees.map((t) => ({ position: t.position, name: t.name })),
    executor: planPerson(executors.executor),
    deputyExecutor: planPerson(executors.deputy),
    quorumRequired: trustees.length ? Math.min(rules.quorumRequired, trustees.length) : 0,
    trusteeResponseHours: rules.trusteeResponseHours,
    vetoDays: rules.vetoDays,
    verification: {
      administrators: adminNames.map((a) => a.name),
      timeout: VERIFICATION_TIMEOUTS[verification.verificationTimeout as keyof typeof VERIFICATION_TIMEOUTS] ?? verification.verificationTimeout,
      documents: { death: proofLabels('death'), incapacity: proofLabels('incapacity') },
    },
    release: {
      schedule,
      scheduleLabel: RELEASE_SCHEDULES[schedule],
      steps: releaseStepWords(schedule, e.releaseDates).map((s) => ({ ...s, label: RELEASE_CATEGORY_LABELS[s.category] })),
    },
    beneficiaries: people,
    messages,
    digitalAssets: { total: assets?.total ?? 0, withInstructions: Number(assets?.withInstructions ?? 0) },
    incapacity: {
      people: incapacity.people
        .filter((p) => p.categories.length)
        .slice(0, PLAN_LIST_LIMIT)
        .map((p) => ({ name: p.name, categories: p.categories.map((c) => INCAPACITY_CATEGORY_LABELS[c]) })),
    },
    checkIn: { months: checkIn.months, state: checkIn.state, pausedUntil: checkIn.pausedUntil, dueAt: checkIn.dueAt, timeZone: checkIn.timeZone },
  };
}
