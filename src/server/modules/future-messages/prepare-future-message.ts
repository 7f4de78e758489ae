import { and, eq, inArray } from 'drizzle-orm';
import { dueAtFor } from '../../../core/delivery-rules.ts';
import type { TSaveFutureMessage } from '../../../core/future-messages.schemas.ts';
import type { Ctx } from '../../context.ts';
import { documents } from '../../db/schema/documents.ts';
import { beneficiaries, estates } from '../../db/schema/estates.ts';
import { memories } from '../../db/schema/memories.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest } from '../../lib/app-error.ts';
import { currentSealId } from '../../sealed/seal-item.ts';
import { SEALED_TEXT } from '../../../core/estate-seal.schemas.ts';
import { ownerTimeZone } from '../../settings/owner-time-zone.ts';

export interface PreparedFutureMessage {
  values: {
    recipientId: string;
    subject: string;
    body: string;
    deliveryRule: string;
    deliverOn: string | null;
    daysAfterActivation: number | null;
    status: 'draft' | 'scheduled';
    dueAt: Date | null;
    sealed: boolean;
  };
  /** The sealed body and the seal it was sealed to (null: not sealed). */
  sealedBody: { sealTag: string; armored: string } | null;
  memoryIds: string[];
  documentIds: string[];
  /** A date of birth to record on the recipient (given in the form, not known before). */
  recipientDateOfBirth: string | null;
}

const unique = (ids: string[]) => [...new Set(ids)];

/**
 * Check a compose/edit request against the owner's own estate and work out when it is due:
 * the recipient must be one of the owner's beneficiaries, attachments the owner's own memories and
 * documents (anything else is a 400 naming the field), and a scheduled message needs a rule that
 * can be met (a future date, a known birthday).
 */
export async function prepareFutureMessage(ctx: Ctx, estateId: string, input: TSaveFutureMessage): Promise<PreparedFutureMessage> {
  const [recipient] = await ctx.db
    .select({ beneficiary: beneficiaries, userDateOfBirth: users.dateOfBirth })
    .from(beneficiaries)
    .leftJoin(users, eq(users.id, beneficiaries.userId))
    .where(and(eq(beneficiaries.id, input.recipientId), eq(beneficiaries.estateId, estateId)));
  if (!recipient) throw badRequest('Choose one of your beneficiaries as the recipient.', { recipientId: 'Choose one of your beneficiaries' });
  if (input.sealTag) await currentSealId(ctx.db, estateId, input.sealTag);
  const b = recipient.beneficiary;

  const memoryIds = unique(input.memoryIds);
  const documentIds = unique(input.documentIds);
  if (memoryIds.length) {
    const found = await ctx.db
      .select({ id: memories.id })
      .from(memories)
      .where(and(eq(memories.estateId, estateId), inArray(memories.id, memoryIds)));
    if (found.length !== memoryIds.length) {
      throw badRequest('Attach only memories from your own estate.', { memoryIds: 'One or more memories were not found' });
    }
  }
  if (documentIds.length) {
    const found = await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.estateId, estateId), inArray(documents.id, documentIds)));
    if (found.length !== documentIds.length) {
      throw badRequest('Attach only documents from your own estate.', { documentIds: 'One or more documents were not found' });
    }
  }

  const knownDateOfBirth = b.dateOfBirth ?? recipient.userDateOfBirth ?? null;
  const recipientDateOfBirth = knownDateOfBirth ? null : (input.recipientDateOfBirth ?? null);
  if (recipientDateOfBirth && recipientDateOfBirth >= ctx.clock.now().toISOString().slice(0, 10)) {
    throw badRequest('A date of birth must be in the past.', { recipientDateOfBirth: 'Enter a date in the past' });
  }

  let dueAt: Date | null = null;
  if (input.status === 'scheduled') {
    if (!b.accessMessages) {
      throw badRequest(`${b.firstName}'s access to messages is off. Turn it on under Beneficiaries, or save this as a draft.`, {
        recipientId: `${b.firstName} cannot receive messages`,
      });
    }
    const [estate] = await ctx.db.select({ activatedAt: estates.activatedAt, status: estates.status }).from(estates).where(eq(estates.id, estateId));
    const timeZone = await ownerTimeZone(ctx.db, estateId);
    const due = dueAtFor(
      { rule: input.deliveryRule, deliverOn: input.deliverOn ?? null, daysAfterActivation: input.daysAfterActivation ?? null },
      {
        now: ctx.clock.now(),
        timeZone,
        recipientDateOfBirth: knownDateOfBirth ?? recipientDateOfBirth,
        activatedAt: estate?.status === 'active' ? (estate.activatedAt ?? null) : null,
      },
    );
    if (!due.ok) {
      const message =
        due.field === 'recipientDateOfBirth'
          ? `We don't know ${b.firstName}'s birthday yet. Add it, or choose another delivery rule.`
          : 'The delivery rule cannot be met.';
      throw badRequest(message, { [due.field]: due.message });
    }
    dueAt = due.dueAt;
  }

  return {
    values: {
      recipientId: b.id,
      subject: input.subject,
      body: input.sealTag ? SEALED_TEXT : input.body,
      sealed: Boolean(input.sealTag),
      deliveryRule: input.deliveryRule,
      deliverOn: input.deliveryRule === 'on_date' ? (input.deliverOn ?? null) : null,
      daysAfterActivation: input.deliveryRule === 'after_activation' ? (input.daysAfterActivation ?? null) : null,
      status: input.status,
      dueAt,
    },
    sealedBody: input.sealTag ? { sealTag: input.sealTag, armored: input.body } : null,
    memoryIds,
    documentIds,
    recipientDateOfBirth,
  };
}
