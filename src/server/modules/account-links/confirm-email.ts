import { and, eq, sql } from 'drizzle-orm';
import type { TConfirmEmailRequest, TConfirmEmailResponse } from '../../../core/account-links.schemas.ts';
import type { BaseCtx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { emailChangedMail } from '../../mail/templates/email-changed.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { claimLink, isUniqueViolation, linkNotValid } from '../../links/emailed-links.ts';

const addressTaken = () =>
  conflict('That email address now belongs to another account, so your address was not changed.', { email: 'Already used by another account' });

/**
 * Follow an emailed verification or email-change link (no sign-in needed: the link proves the
 * mailbox). A verification link verifies the address it was sent to, if it is still the account's.
 * An email-change link moves the account to the new address — refused (409, nothing changed) when
 * that address got an account meanwhile; the unique index decides a race — and the old address is
 * told what changed.
 */
export async function confirmEmail(ctx: BaseCtx, input: TConfirmEmailRequest): Promise<TConfirmEmailResponse> {
  const { systemName } = await getSystemSettings(ctx.db);
  try {
    return await inMailTransaction(ctx, async (tx) => {
      const link = await claimLink(tx, input.token, ['email-verify', 'email-change']);
      if (!link.newEmail) throw linkNotValid('email-verify');
      const now = tx.clock.now();
      const [before] = await tx.db.select().from(users).where(and(eq(users.id, link.userId), eq(users.status, 'active')));
      if (!before) throw linkNotValid('email-verify');

      if (link.purpose === 'email-verify') {
        if (before.email !== link.newEmail) throw linkNotValid('email-verify');
        await tx.db
          .update(users)
          .set({ emailVerifiedAt: sql`COALESCE(${users.emailVerifiedAt}, ${now})`, updatedAt: now })
          .where(eq(users.id, before.id));
        await audit(tx, { action: 'account.email_verified', actorUserId: before.id, targetType: 'user', targetId: before.id });
        return { email: before.email, changed: false };
      }

      const [taken] = await tx.db.select({ id: users.id }).from(users).where(eq(users.email, link.newEmail));
      if (taken && taken.id !== before.id) throw addressTaken();
      await tx.db.update(users).set({ email: link.newEmail, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, before.id));
      await audit(tx, { action: 'account.email_changed', actorUserId: before.id, targetType: 'user', targetId: before.id });
      await tx.mailer.send(
        { to: before.email, ...emailChangedMail({ systemName, name: before.name, at: now, from: before.email, to: link.newEmail }) },
        { db: tx.db },
      );
      return { email: link.newEmail, changed: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw addressTaken();
    throw error;
  }
}
