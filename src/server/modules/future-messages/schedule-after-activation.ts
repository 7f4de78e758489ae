import { and, eq } from 'drizzle-orm';
import { afterActivation } from '../../../core/delivery-rules.ts';
import type { Deps } from '../../context.ts';
import { futureMessages } from '../../db/schema/messages.ts';

/**
 * When an estate becomes active (the estate lifecycle calls this), every scheduled
 * "N days after activation" message gets its due time: activatedAt + N days. Drafts stay drafts
 * (they get a due time when scheduled, from the estate's activatedAt). Idempotent.
 * Returns how many messages got a due time.
 */
export async function scheduleAfterActivation(deps: Pick<Deps, 'db'>, estateId: string, activatedAt: Date): Promise<number> {
  const pending = await deps.db
    .select({ id: futureMessages.id, days: futureMessages.daysAfterActivation })
    .from(futureMessages)
    .where(
      and(
        eq(futureMessages.estateId, estateId),
        eq(futureMessages.status, 'scheduled'),
        eq(futureMessages.deliveryRule, 'after_activation'),
      ),
    );
  for (const message of pending) {
    await deps.db
      .update(futureMessages)
      .set({ dueAt: afterActivation(activatedAt, message.days ?? 0) })
      .where(and(eq(futureMessages.id, message.id), eq(futureMessages.status, 'scheduled')));
  }
  return pending.length;
}
