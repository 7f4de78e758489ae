import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { BaseCtx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { accountDeletionCancelledMail } from '../../mail/templates/account-deletion-cancelled.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';

/**
 * Signing in during the grace period cancels a pending deletion (one guarded UPDATE: only a
 * deletion not yet due, so never one the job has started). Returns whether one was cancelled,
 * so the sign-in can tell the user.
 */
export async function cancelAccountDeletion(ctx: BaseCtx, userId: string): Promise<boolean> {
  const now = ctx.clock.now();
  return inMailTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .update(users)
      .set({ deletionRequestedAt: null, deletionDueAt: null, updatedAt: now })
      .where(and(eq(users.id, userId), isNotNull(users.deletionDueAt), gt(users.deletionDueAt, now)))
      .returning({ email: users.email, name: users.name });
    if (!row) return false;
    await audit(tx, { action: 'account.deletion_cancelled', actorUserId: userId, targetType: 'user', targetId: userId, details: { by: 'sign_in' } });
    const { systemName } = await getSystemSettings(tx.db);
    await tx.mailer.send(
      { to: row.email, ...accountDeletionCancelledMail({ systemName, name: row.name }) },
      { db: tx.db, idempotencyKey: `deletion-cancelled.${userId}.${now.getTime()}` },
    );
    return true;
  });
}
