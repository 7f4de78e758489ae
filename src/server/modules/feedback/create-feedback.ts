import { and, count, eq, gt, min } from 'drizzle-orm';
import { FEEDBACK_CATEGORY_LABELS, FEEDBACK_LIMITS, type TFeedbackReceipt } from '../../../core/feedback.schemas.ts';
import type { ZCreateFeedbackRequest } from '../../../core/feedback.schemas.ts';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { inTransaction } from '../../db/client.ts';
import { feedback } from '../../db/schema/admin.ts';
import { audit } from '../../lib/audit.ts';
import { lock, rateLimited, waitFor } from '../../mail/send-limits.ts';
import { raiseAdminAlert } from '../../notices/raise-admin-alert.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Namespace (first key of the two-key advisory lock), so it never meets other advisory locks. */
const LOCK_FEEDBACK = 0x48_4c_46_42; // "HLFB"

/**
 * POST /api/v1/feedback: store what the user sent (category, message, the app path they were on),
 * audit it without the message, and raise an admin alert that names the sender and the category but
 * not the text. At most FEEDBACK_LIMITS.perAccountPerHour per account: counted in the same
 * transaction as the insert, under an advisory lock on the sender, so parallel requests cannot slip
 * past (ADR 0030). Over it: 429 and nothing is written.
 */
export async function createFeedback(ctx: Ctx, input: z.output<typeof ZCreateFeedbackRequest>): Promise<TFeedbackReceipt> {
  const now = ctx.clock.now();
  const me = ctx.actor.userId;
  const row = await inTransaction(ctx.db, async (db) => {
    await lock(db, LOCK_FEEDBACK, me);
    const [recent] = await db
      .select({ n: count(), oldest: min(feedback.createdAt) })
      .from(feedback)
      .where(and(eq(feedback.userId, me), gt(feedback.createdAt, new Date(now.getTime() - HOUR_MS))));
    const perHour = FEEDBACK_LIMITS.perAccountPerHour;
    if ((recent?.n ?? 0) >= perHour) {
      throw rateLimited(`You can send up to ${perHour} feedback messages an hour. Please try again in ${waitFor(recent?.oldest ?? null, HOUR_MS, now)}.`);
    }
    const [inserted] = await db
      .insert(feedback)
      .values({ userId: me, category: input.category, message: input.message, page: input.page, createdAt: now })
      .returning({ id: feedback.id, createdAt: feedback.createdAt });
    const id = inserted!.id;
    await audit({ ...ctx, db }, { action: 'feedback.sent', estateId: null, targetType: 'feedback', targetId: id, details: { category: input.category, page: input.page } });
    await raiseAdminAlert(
      { db, clock: ctx.clock },
      {
        type: input.category === 'bug' ? 'bug' : 'feature',
        message: `New feedback from ${ctx.actor.name}: ${FEEDBACK_CATEGORY_LABELS[input.category].toLowerCase()}`,
        dedupeKey: `feedback:${id}`,
        details: { feedbackId: id, category: input.category },
      },
    );
    return inserted!;
  });
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}
