import { and, eq, isNotNull } from 'drizzle-orm';
import type { TInventoryEntry, TLetterAnswer, TLetterSent } from '../../../core/inventory.schemas.ts';
import type { Ctx } from '../../context.ts';
import { inventoryEntries } from '../../db/schema/settlement.ts';
import { conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inventoryEntry } from './get-inventory.ts';
import { assertInventoryAccess } from './inventory-access.ts';

/**
 * POST …/letter/sent: the letter went (by post or email) and when to be reminded if no answer comes.
 * An entry still "to do" becomes "notified"; sending again restarts the reminder.
 */
export async function markLetterSent(ctx: Ctx, estateId: string, entryId: string, input: TLetterSent): Promise<TInventoryEntry> {
  await assertInventoryAccess(ctx, estateId, 'settle');
  const before = await inventoryEntry(ctx, estateId, entryId);
  const now = ctx.clock.now();
  const notified = before.status === 'todo' ? { status: 'notified', statusBy: ctx.actor.userId, statusAt: now } : {};
  await ctx.db
    .update(inventoryEntries)
    .set({ letterSentAt: now, letterSentVia: input.via, letterSentBy: ctx.actor.userId, remindAfterDays: input.remindAfterDays, answer: null, answeredAt: null, ...notified, updatedAt: now })
    .where(and(eq(inventoryEntries.id, entryId), eq(inventoryEntries.estateId, estateId)));
  await audit(ctx, { action: 'inventory.letter_sent', estateId, targetType: 'inventory_entry', targetId: entryId, details: { via: input.via, remindAfterDays: input.remindAfterDays } });
  return inventoryEntry(ctx, estateId, entryId);
}

/** POST …/letter/answer: what the institution answered (409 before the letter is marked sent). */
export async function recordLetterAnswer(ctx: Ctx, estateId: string, entryId: string, input: TLetterAnswer): Promise<TInventoryEntry> {
  await assertInventoryAccess(ctx, estateId, 'settle');
  await inventoryEntry(ctx, estateId, entryId);
  const now = ctx.clock.now();
  const changed = await ctx.db
    .update(inventoryEntries)
    .set({ answer: input.answer, answeredAt: now, updatedAt: now })
    .where(and(eq(inventoryEntries.id, entryId), eq(inventoryEntries.estateId, estateId), isNotNull(inventoryEntries.letterSentAt)))
    .returning({ id: inventoryEntries.id });
  if (!changed.length) throw conflict('Mark the letter as sent before recording an answer.');
  await audit(ctx, { action: 'inventory.letter_answered', estateId, targetType: 'inventory_entry', targetId: entryId });
  return inventoryEntry(ctx, estateId, entryId);
}
