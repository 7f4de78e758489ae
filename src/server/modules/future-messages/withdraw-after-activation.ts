import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { futureMessages } from '../../db/schema/messages.ts';

/**
 * When a mistaken activation is reversed (ADR 0075), the undoing of scheduleAfterActivation: every
 * "N days after activation" letter loses its due time, and those already delivered go back to
 * scheduled — the letter rule (access/policy.ts) shows only delivered letters, so their inbox
 * threads and attachments disappear for the recipients. A later activation delivers them again.
 * Returns how many delivered letters were taken back.
 */
export async function withdrawAfterActivation(deps: Pick<Deps, 'db'>, estateId: string, now: Date): Promise<number> {
  const afterActivation = and(eq(futureMessages.estateId, estateId), eq(futureMessages.deliveryRule, 'after_activation'));
  const delivered = await deps.db
    .update(futureMessages)
    .set({ status: 'scheduled', dueAt: null, deliveredAt: null, updatedAt: now })
    .where(and(afterActivation, eq(futureMessages.status, 'delivered')))
    .returning({ id: futureMessages.id });
  await deps.db.update(futureMessages).set({ dueAt: null }).where(and(afterActivation, eq(futureMessages.status, 'scheduled')));
  return delivered.length;
}
