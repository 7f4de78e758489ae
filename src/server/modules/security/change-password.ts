import { and, count, eq, ne } from 'drizzle-orm';
import type { TChangePasswordRequest } from '../../../core/security.schemas.ts';
import type { Ctx } from '../../context.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { badRequest } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { passwordChangedMail } from '../../mail/templates/password-changed.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { endOtherSessions } from '../../identity/sessions.ts';
import { loadActorUser } from '../../identity/load-user.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';

/**
 * Change the password: the current one is required (wrong → 400 on currentPassword). Every other
 * session of the user ends (a thief signed in elsewhere is signed out); this one stays.
 */
export async function changePassword(ctx: Ctx, input: TChangePasswordRequest): Promise<{ ok: true; otherSessionsEnded: number }> {
  const user = await loadActorUser(ctx);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await audit(ctx, { action: 'security.password_change_failed', details: { reason: 'wrong_current_password' } });
    throw badRequest('Your current password is not right.', { currentPassword: 'That is not your current password' });
  }
  if (input.newPassword === input.currentPassword) {
    throw badRequest('Choose a new password that differs from the current one.', { newPassword: 'Use a different password' });
  }
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(input.newPassword);
  // The change, its audit row and the mail that tells the account's owner commit together (ADR 0077).
  const otherSessionsEnded = await inMailTransaction(ctx, async (tx) => {
    await tx.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    const [others] = await tx.db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, ctx.actor.sessionId)));
    await endOtherSessions(tx, user.id, ctx.actor.sessionId);
    const ended = Number(others?.n ?? 0);
    await audit(tx, { action: 'security.password_changed', details: { otherSessionsEnded: ended } });
    const { systemName } = await getSystemSettings(tx.db);
    await tx.mailer.send(
      { to: user.email, ...passwordChangedMail({ systemName, name: user.name, at: now, otherSessionsEnded: ended }) },
      { db: tx.db, idempotencyKey: `password-changed.${user.id}.${now.getTime()}` },
    );
    return ended;
  });
  return { ok: true, otherSessionsEnded };
}
