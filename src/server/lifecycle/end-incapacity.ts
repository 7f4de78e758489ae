import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import { estateReports } from '../db/schema/lifecycle.ts';
import { publish } from '../events/bus.ts';
import type { EventCatalogue } from '../events/catalogue.ts';
import { inMailTransaction } from '../mail/mailer.ts';
import { announceTransition, applyTransition } from './transition-estate.ts';

export type EndedBy = EventCatalogue['incapacity.ended']['step']['by'];

/**
 * Incapacity mode ends: back to planning through the one transition (409 when the estate is not in
 * incapacity mode, so two presses at once end it once). Nothing is deleted: the owner's choices,
 * content and scheduled letters stay; the verified incapacity report is marked ended. In the same
 * transaction it is audited and announced to the owner and the people they chose (event
 * incapacity.ended, ADR 0077).
 */
export async function endIncapacity(ctx: Ctx, estateId: string, by: EndedBy): Promise<void> {
  const now = ctx.clock.now();
  await inMailTransaction(ctx, async (tx) => {
    const applied = await applyTransition(tx.db, ctx, estateId, 'incapacity_ended');
    await tx.db
      .update(estateReports)
      .set({ status: 'ended', resolvedAt: now })
      .where(and(eq(estateReports.estateId, estateId), eq(estateReports.event, 'incapacity'), eq(estateReports.status, 'verified')));
    await announceTransition(tx, applied);
    await publish(tx, 'incapacity.ended', { estateId, step: { kind: 'ended', by, byName: ctx.actor.name }, at: applied.at });
  });
}
