import { and, eq, isNull } from 'drizzle-orm';
import { ACCOUNT_DELETION_GRACE_DAYS, type TAccountDeletionScheduled, type TRequestAccountDeletion } from '../../../core/account-deletion.schemas.ts';
import type { Role } from '../../../core/roles.ts';
import type { Ctx } from '../../context.ts';
import { estates } from '../../db/schema/estates.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { accountDeletionScheduledMail } from '../../mail/templates/account-deletion-scheduled.ts';
import { rolesOf } from '../../identity/sessions.ts';
import { confirmIdentity } from '../../identity/confirm-identity.ts';
import { loadActorUser } from '../../identity/load-user.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';

/** Roles that carry duties to other families or to the platform: the account cannot simply go (ADR 0037). */
const STAFF_ROLES: readonly Role[] = ['legacy-planner', 'estate-administrator', 'admin'];
const STAFF_LABELS: Record<string, string> = { 'legacy-planner': 'legacy planner', 'estate-administrator': 'estate administrator', admin: 'administrator' };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "Delete my account": after the password (and the two-factor code when on) is re-entered, the
 * deletion is scheduled ACCOUNT_DELETION_GRACE_DAYS ahead, every session of the user ends (this
 * one too) and the user is emailed. Signing in before the due time cancels it; after it the
 * delete-due-accounts job removes the estate and the account. Refused (409, nothing changes) for
 * an estate past planning, a demo account, an account with a staff role, or a deletion already pending.
 */
export async function requestAccountDeletion(ctx: Ctx, input: TRequestAccountDeletion): Promise<TAccountDeletionScheduled> {
  const estateId = ownEstateId(ctx, 'Your estate');
  await confirmIdentity(ctx, input, 'all');

  const user = await loadActorUser(ctx);
  if (user.isDemo) throw conflict('Demo accounts are shared by every visitor and reset to their sample data, so they cannot be deleted.');
  const staff = (await rolesOf(ctx, user.id)).filter((r) => STAFF_ROLES.includes(r));
  if (staff.length) {
    throw conflict(
      `Your account is also a ${staff.map((r) => STAFF_LABELS[r]).join(' and ')} account, which others rely on. Ask a platform administrator to remove that role first, then delete your account.`,
    );
  }
  const [estate] = await ctx.db.select({ status: estates.status }).from(estates).where(eq(estates.id, estateId));
  if (estate?.status !== 'planning') {
    throw conflict(
      'A report about your estate is being handled (or your estate is already activated), so it cannot be deleted now. Withdraw the report first if it was made in error, or contact your estate administrator.',
    );
  }

  const now = ctx.clock.now();
  const due = new Date(now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
  const { systemName } = await getSystemSettings(ctx.db);
  return inMailTransaction(ctx, async (tx) => {
    // One guarded UPDATE: of several requests at once exactly one schedules the deletion.
    const scheduled = await tx.db
      .update(users)
      .set({ deletionRequestedAt: now, deletionDueAt: due, updatedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.deletionDueAt)))
      .returning({ id: users.id });
    if (!scheduled.length) throw conflict('Your account is already scheduled for deletion.');
    const ended = await tx.db.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id });
    await audit(tx, { action: 'account.deletion_requested', targetType: 'user', targetId: user.id, details: { dueAt: due.toISOString(), sessionsEnded: ended.length } });
    await tx.mailer.send({ to: user.email, ...accountDeletionScheduledMail({ systemName, name: user.name, due }) }, { db: tx.db });
    return { deletionDueAt: due.toISOString() };
  });
}
