/**
 * What a change to a beneficiary does to the future messages written to them (ADR 0042). Both run
 * inside the caller's transaction (ctx.db is the transaction), so the beneficiary edit and the
 * messages it moves commit or roll back together.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DELIVERY_HOUR, nextBirthday, todayIn, zonedDateAtHour } from '../../../core/delivery-rules.ts';
import type { Ctx } from '../../context.ts';
import type { EventCatalogue } from '../../events/catalogue.ts';
import { beneficiaries } from '../../db/schema/estates.ts';
import { futureMessages } from '../../db/schema/messages.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { notify } from '../../notices/notify.ts';
import { ownerTimeZone } from '../../settings/owner-time-zone.ts';

const OPEN = ['draft', 'scheduled'];

const quoted = (subjects: string[]) => subjects.map((s) => `“${s}”`).join(', ');

/**
 * The recipient's birthday changed: every scheduled "next birthday" message to them moves to the
 * new next birthday (09:00 in the owner's zone). With no birthday known any more, they go back to
 * draft and the owner is told. Returns how many messages moved.
 */
export async function rescheduleBirthdayMessages(ctx: Ctx, beneficiaryId: string): Promise<number> {
  const [recipient] = await ctx.db
    .select({ estateId: beneficiaries.estateId, firstName: beneficiaries.firstName, own: beneficiaries.dateOfBirth, account: users.dateOfBirth })
    .from(beneficiaries)
    .leftJoin(users, eq(users.id, beneficiaries.userId))
    .where(eq(beneficiaries.id, beneficiaryId));
  if (!recipient) return 0;
  const dateOfBirth = recipient.own ?? recipient.account ?? null;
  const scope = and(
    eq(futureMessages.recipientId, beneficiaryId),
    eq(futureMessages.status, 'scheduled'),
    eq(futureMessages.deliveryRule, 'next_birthday'),
  );
  const now = ctx.clock.now();
  if (dateOfBirth) {
    const timeZone = await ownerTimeZone(ctx.db, recipient.estateId);
    const dueAt = zonedDateAtHour(nextBirthday(dateOfBirth, todayIn(now, timeZone)), DELIVERY_HOUR, timeZone);
    const moved = await ctx.db.update(futureMessages).set({ dueAt, updatedAt: now }).where(scope).returning({ id: futureMessages.id });
    return moved.length;
  }
  const drafted = await ctx.db
    .update(futureMessages)
    .set({ status: 'draft', dueAt: null, updatedAt: now })
    .where(scope)
    .returning({ id: futureMessages.id, subject: futureMessages.subject });
  if (drafted.length) {
    await notify(ctx, {
      userId: ctx.actor.userId,
      type: 'estate',
      message: `${quoted(drafted.map((m) => m.subject))} went back to draft: ${recipient.firstName}'s date of birth was removed. Add it again, or choose another delivery rule.`,
      link: '/estate-owner/messages',
    });
  }
  return drafted.length;
}

/**
 * The beneficiary is about to be removed: their draft and scheduled messages lose their recipient
 * and become drafts (nothing is delivered to someone the owner removed; the letters are kept for
 * the owner to re-address). Delivered letters stay as they are. Returns the subjects of the messages
 * that were scheduled and of those that were drafts, for the owner's notice.
 */
async function detachRemovedRecipient(ctx: Ctx, beneficiaryId: string): Promise<{ scheduled: string[]; drafts: string[] }> {
  const open = await ctx.db
    .select({ id: futureMessages.id, subject: futureMessages.subject, status: futureMessages.status })
    .from(futureMessages)
    .where(and(eq(futureMessages.recipientId, beneficiaryId), inArray(futureMessages.status, OPEN)))
    .for('update');
  if (!open.length) return { scheduled: [], drafts: [] };
  const now = ctx.clock.now();
  await ctx.db
    .update(futureMessages)
    .set({ recipientId: null, status: 'draft', dueAt: null, updatedAt: now })
    .where(
      and(
        inArray(
          futureMessages.id,
          open.map((m) => m.id),
        ),
        inArray(futureMessages.status, OPEN),
      ),
    );
  for (const m of open) {
    await audit(ctx, { action: 'future_message.recipient_removed', targetType: 'future_message', targetId: m.id, details: { was: m.status } });
  }
  return {
    scheduled: open.filter((m) => m.status === 'scheduled').map((m) => m.subject),
    drafts: open.filter((m) => m.status === 'draft').map((m) => m.subject),
  };
}

/** Tell the owner (in-app and by email, through notify) which messages went back to draft. */
async function noticeRecipientRemoved(ctx: Ctx, firstName: string, detached: { scheduled: string[]; drafts: string[] }): Promise<void> {
  const all = [...detached.scheduled, ...detached.drafts];
  if (!all.length) return;
  const what = detached.scheduled.length
    ? `${quoted(detached.scheduled)} ${detached.scheduled.length === 1 ? 'is' : 'are'} no longer scheduled and went back to draft`
    : `${quoted(detached.drafts)} ${detached.drafts.length === 1 ? 'has' : 'have'} no recipient now`;
  await notify(ctx, {
    userId: ctx.actor.userId,
    type: 'estate',
    message: `You removed ${firstName} from your beneficiaries: ${what}. Choose a new recipient under Messages.`,
    link: '/estate-owner/messages',
  });
}

/** Event beneficiary.removing: the messages written to them go back to draft, and the owner is told which. */
export async function onRecipientRemoving(ctx: Ctx, { beneficiaryId, firstName }: EventCatalogue['beneficiary.removing']): Promise<void> {
  await noticeRecipientRemoved(ctx, firstName, await detachRemovedRecipient(ctx, beneficiaryId));
}
