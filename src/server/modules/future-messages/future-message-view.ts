import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { initialsOf } from '../../../core/names.ts';
import type { DeliveryRule } from '../../../core/delivery-rules.ts';
import { deliveryInWords, type ActivationCondition } from '../../../core/delivery-words.ts';
import type { TFutureMessage } from '../../../core/future-messages.schemas.ts';
import type { Ctx } from '../../context.ts';
import { beneficiaries, estates } from '../../db/schema/estates.ts';
import { futureMessageAttachments, futureMessages, futureMessageStatusRank } from '../../db/schema/messages.ts';
import { users } from '../../db/schema/users.ts';
import { groupBy } from '../../lib/group-by.ts';
import { cursorTime } from '../../lib/keyset.ts';
import { ownerTimeZone } from '../../settings/owner-time-zone.ts';

type Status = TFutureMessage['status'];

/**
 * The estate's messages that `where` picks, joined to their recipient (and the recipient's account,
 * for a birthday rule), in `order`, at most `limit`; each with its place in the list order for a
 * cursor (statusRank, due, at: list-future-messages.ts).
 */
export function selectMessages(ctx: Ctx, estateId: string, where: SQL | undefined, order: SQL[] = [], limit?: number) {
  const query = ctx.db
    .select({
      message: futureMessages,
      recipient: beneficiaries,
      recipientUserDateOfBirth: users.dateOfBirth,
      statusRank: sql<number>`${futureMessageStatusRank}`.mapWith(Number),
      due: sql<string>`coalesce(${cursorTime(futureMessages.dueAt)}, 'infinity')`,
      at: cursorTime(futureMessages.updatedAt),
    })
    .from(futureMessages)
    .leftJoin(beneficiaries, eq(beneficiaries.id, futureMessages.recipientId))
    .leftJoin(users, eq(users.id, beneficiaries.userId))
    .where(and(eq(futureMessages.estateId, estateId), where))
    .orderBy(...order);
  return limit === undefined ? query : query.limit(limit);
}
type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

/**
 * The estate's messages as the API shows them (recipient, rule in words, attachment counts, why a
 * due message is still waiting), in the order of `rows`. Scoped by the estate id the caller passes
 * (the actor's own); attachments are read for these rows only.
 */
export async function toFutureMessages(ctx: Ctx, estateId: string, rows: MessageRow[]): Promise<TFutureMessage[]> {
  if (rows.length === 0) return [];
  const attachments = groupBy(
    await ctx.db
      .select()
      .from(futureMessageAttachments)
      .where(inArray(futureMessageAttachments.futureMessageId, rows.map((r) => r.message.id))),
    (a) => a.futureMessageId,
  );
  const [estate] = await ctx.db.select({ activationCondition: estates.activationCondition }).from(estates).where(eq(estates.id, estateId));
  const activationCondition = (estate?.activationCondition ?? 'upon_death') as ActivationCondition;
  const timeZone = await ownerTimeZone(ctx.db, estateId);
  const now = ctx.clock.now();
  return rows.map(({ message: m, recipient: b, recipientUserDateOfBirth }) => {
    const mine = attachments.get(m.id) ?? [];
    const memoryIds = mine.filter((a) => a.itemType === 'memory').map((a) => a.itemId);
    const documentIds = mine.filter((a) => a.itemType === 'document').map((a) => a.itemId);
    const rule = m.deliveryRule as DeliveryRule;
    return {
      id: m.id,
      recipient: b
        ? {
            id: b.id,
            name: `${b.firstName} ${b.lastName}`.trim(),
            initials: initialsOf(`${b.firstName} ${b.lastName}`),
            relationship: b.relationship,
          }
        : null,
      subject: m.subject,
      body: m.body,
      sealed: m.sealed,
      deliveryRule: rule,
      deliverOn: m.deliverOn,
      daysAfterActivation: m.daysAfterActivation,
      deliveryInWords: deliveryInWords({
        rule,
        deliverOn: m.deliverOn,
        daysAfterActivation: m.daysAfterActivation,
        recipientFirstName: b?.firstName ?? null,
        recipientDateOfBirth: b?.dateOfBirth ?? recipientUserDateOfBirth ?? null,
        activationCondition,
        dueAt: m.dueAt,
        now,
        timeZone,
      }),
      status: m.status as Status,
      dueAt: m.dueAt?.toISOString() ?? null,
      deliveredAt: m.deliveredAt?.toISOString() ?? null,
      waitingFor: waitingFor(m, b, now),
      memoryIds,
      documentIds,
      attachments: { memories: memoryIds.length, documents: documentIds.length },
      createdAt: m.createdAt.toISOString(),
      updatedAt: m.updatedAt.toISOString(),
    };
  });
}

function waitingFor(
  m: typeof futureMessages.$inferSelect,
  b: typeof beneficiaries.$inferSelect | null,
  now: Date,
): string | null {
  if (!b) return m.status === 'delivered' ? null : 'Choose a new recipient: the beneficiary was removed';
  if (m.status !== 'scheduled') return null;
  if (m.deliveryRule === 'after_activation' && !m.dueAt) return 'Waits for the estate to be activated';
  if (!m.dueAt || m.dueAt > now) return null;
  if (!b.userId) return `Waiting for ${b.firstName} to accept the invitation`;
  if (!b.accessMessages) return `Waiting: ${b.firstName}'s access to messages is off`;
  return 'Being delivered';
}

export async function loadFutureMessage(ctx: Ctx, estateId: string, id: string): Promise<TFutureMessage | undefined> {
  const [message] = await toFutureMessages(ctx, estateId, await selectMessages(ctx, estateId, eq(futureMessages.id, id)));
  return message;
}
