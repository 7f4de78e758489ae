import { and, eq } from 'drizzle-orm';
import { CHECK_IN_ANSWER_LABELS, type TCheckInAnswerRequest, type TCheckInQuestion } from '../../../core/check-in.schemas.ts';
import type { Ctx } from '../../context.ts';
import { isTrustee } from '../../access/trustees.ts';
import { checkInAnswers, checkInMisses } from '../../db/schema/check-in.ts';
import { estates } from '../../db/schema/estates.ts';
import { users } from '../../db/schema/users.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { raiseAlert } from '../../lifecycle/raise-alert.ts';
import { notify } from '../../notices/notify.ts';

/** A miss the actor may see: only a current trustee of its estate (anyone else: 404, as if it did not exist). */
async function missForTrustee(ctx: Ctx, missId: string) {
  const [row] = await ctx.db
    .select({ miss: checkInMisses, ownerId: estates.ownerId, ownerName: users.name })
    .from(checkInMisses)
    .innerJoin(estates, eq(estates.id, checkInMisses.estateId))
    .innerJoin(users, eq(users.id, estates.ownerId))
    .where(eq(checkInMisses.id, missId));
  if (!row || !(await isTrustee(ctx.db, ctx.actor.userId, row.miss.estateId))) throw notFound('That question');
  return row;
}

/** "Is <owner> all right?" as the trustee's page shows it, with their own answer so far. */
export async function getCheckInQuestion(ctx: Ctx, missId: string): Promise<TCheckInQuestion> {
  const { miss, ownerName } = await missForTrustee(ctx, missId);
  const [mine] = await ctx.db
    .select()
    .from(checkInAnswers)
    .where(and(eq(checkInAnswers.missId, miss.id), eq(checkInAnswers.trusteeUserId, ctx.actor.userId)));
  return {
    id: miss.id,
    estateId: miss.estateId,
    ownerName,
    dueAt: miss.dueAt.toISOString(),
    askedAt: miss.askedAt.toISOString(),
    resolvedAt: miss.resolvedAt?.toISOString() ?? null,
    myAnswer: mine ? (mine.answer as TCheckInQuestion['myAnswer']) : null,
    myNote: mine?.note ?? '',
  };
}

/**
 * A trustee answers. The answer is recorded (answering again replaces it), the owner and the estate
 * administrator are told in the same transaction (ADR 0077); it never releases anything and never checks the owner in — only the owner
 * can do that. "I could not reach them" raises a high-priority alert for the administrator.
 * Refused (409) once the owner has checked in again: the question is closed.
 */
export async function answerCheckInQuestion(ctx: Ctx, missId: string, input: TCheckInAnswerRequest): Promise<TCheckInQuestion> {
  const { miss, ownerId, ownerName } = await missForTrustee(ctx, missId);
  if (miss.resolvedAt) throw conflict(`${ownerName} has checked in since you were asked, so this question is closed.`);
  const now = ctx.clock.now();
  const values = { answer: input.answer, note: input.note, answeredAt: now };
  await inMailTransaction(ctx, async (tx) => {
    await tx.db
      .insert(checkInAnswers)
      .values({ missId: miss.id, trusteeUserId: ctx.actor.userId, ...values })
      .onConflictDoUpdate({ target: [checkInAnswers.missId, checkInAnswers.trusteeUserId], set: values });
    await audit(tx, { action: 'check_in.answered', estateId: miss.estateId, targetType: 'check_in_miss', targetId: miss.id, details: { answer: input.answer } });
    const said = `${ctx.actor.name} answered "${CHECK_IN_ANSWER_LABELS[input.answer]}" to whether ${ownerName} is all right after a missed check-in.`;
    await notify(tx, { userId: ownerId, type: 'estate', message: `${said} Press "I'm here" on your dashboard if you are well.`, link: '/estate-owner' });
    await raiseAlert(tx, {
      estateId: miss.estateId,
      type: 'security',
      priority: input.answer === 'unreachable' ? 'high' : 'low',
      message: `${said}${input.note ? ` Note: ${input.note}` : ''} Nothing was released.`,
      dedupeKey: `check-in-answer:${miss.id}:${ctx.actor.userId}:${input.answer}`,
    });
  });
  return getCheckInQuestion(ctx, missId);
}
