import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { VERIFICATION_REMINDER_AFTER_DAYS, VERIFICATION_REMINDER_EVERY_DAYS } from '../../../core/account-links.schemas.ts';
import type { BaseCtx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { queueVerificationMail } from './send-verification-email.ts';

const BATCH = 50;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Remind every active account whose address is still unverified (staff an admin invited, accounts
 * from before verification) once it is a few days old, and again at most once a week. A batch is
 * locked (SKIP LOCKED) and claimed with a guarded UPDATE of verification_reminded_at, with its mail
 * queued in the same transaction: one reminder per window however often, or how concurrently, the
 * job runs. Each reminder carries a fresh verification link.
 */
export async function remindUnverifiedAccounts(ctx: BaseCtx): Promise<{ reminded: number }> {
  const now = ctx.clock.now();
  const due = and(
    isNull(users.emailVerifiedAt),
    eq(users.status, 'active'),
    eq(users.isDemo, false),
    lte(users.createdAt, new Date(now.getTime() - VERIFICATION_REMINDER_AFTER_DAYS * DAY_MS)),
    or(isNull(users.verificationRemindedAt), lte(users.verificationRemindedAt, new Date(now.getTime() - VERIFICATION_REMINDER_EVERY_DAYS * DAY_MS))),
  );
  let reminded = 0;
  for (;;) {
    const claimed = await inMailTransaction(ctx, async (tx) => {
      const batch = await tx.db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(due)
        .orderBy(users.createdAt, users.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (!batch.length) return 0;
      const won = await tx.db
        .update(users)
        .set({ verificationRemindedAt: now })
        .where(and(inArray(users.id, batch.map((u) => u.id)), due))
        .returning({ id: users.id });
      const wonIds = new Set(won.map((w) => w.id));
      for (const user of batch) {
        if (!wonIds.has(user.id)) continue;
        await queueVerificationMail(tx, user, { reminder: true, idempotencyKey: `email-verify-reminder.${user.id}.${now.toISOString()}` });
      }
      return wonIds.size;
    });
    reminded += claimed;
    if (claimed < BATCH) return { reminded };
  }
}
