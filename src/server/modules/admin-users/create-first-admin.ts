import { eq, sql } from 'drizzle-orm';
import { RESET_PASSWORD_PATH } from '../../../core/account-links.schemas.ts';
import type { BaseCtx } from '../../context.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { firstAdminPasswordMail } from '../../mail/templates/first-admin-password.ts';
import { linkUrl, issueLink } from '../../links/emailed-links.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { activeAdminIds } from '../../access/active-admins.ts';

/** Namespace of the transaction lock that lets one `create-admin` at a time look for admins. */
const LOCK_FIRST_ADMIN = 0x48_4c_46_41; // "HLFA"

export interface FirstAdmin {
  userId: string;
  /** The single-use set-password link (the password-reset link), or null when the account already has a password. */
  link: string | null;
  expiresAt: Date | null;
  /** An account with this address existed and was given the admin role. */
  existing: boolean;
}

/**
 * `heirloom create-admin` (ADR 0081): the platform's first admin, without SQL. The account is
 * created active with the admin role and no password, and gets the password-reset link (the same
 * single-use link as "Forgot password"), which is queued in the outbox (sent when SMTP is set) and
 * returned for the operator to print. An active admin already there refuses it unless `force`; an
 * existing account with this address must be active, and keeps its password if it has one.
 */
export async function createFirstAdmin(ctx: BaseCtx, input: { email: string; name: string; force: boolean }): Promise<FirstAdmin> {
  const { systemName } = await getSystemSettings(ctx.db);
  const made = await inMailTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    await tx.db.execute(sql`select pg_advisory_xact_lock(${LOCK_FIRST_ADMIN}::int4, 0)`);
    const admins = await activeAdminIds(tx.db);
    if (admins.length && !input.force) {
      throw conflict(`There is already an active admin (${admins.length} in all). To add another, sign in as an admin and use Users → Add User, or run again with --force.`);
    }
    const [found] = await tx.db.select().from(users).where(eq(users.email, input.email));
    if (found && found.status !== 'active') {
      throw conflict(`${input.email} has an account that is ${found.status}; an admin can only be made of an active account.`);
    }
    const [user] = found
      ? [found]
      : await tx.db.insert(users).values({ email: input.email, name: input.name, status: 'active', createdAt: now, updatedAt: now }).returning();
    await tx.db.insert(userRoles).values({ userId: user!.id, role: 'admin' }).onConflictDoNothing();
    let link: string | null = null;
    let expiresAt: Date | null = null;
    if (!user!.passwordHash) {
      const issued = await issueLink(tx, { userId: user!.id, purpose: 'password-reset' });
      link = linkUrl(tx.config.publicUrl, RESET_PASSWORD_PATH, issued.token);
      expiresAt = issued.expiresAt;
      await tx.mailer.send({ to: input.email, ...firstAdminPasswordMail({ systemName, name: user!.name, link }) }, { db: tx.db });
    }
    await audit(tx, {
      action: 'admin.first_admin_created',
      actorUserId: null,
      targetType: 'user',
      targetId: user!.id,
      details: { forced: admins.length > 0, existingAccount: Boolean(found), linkIssued: link !== null },
    });
    return { userId: user!.id, link, expiresAt, existing: Boolean(found) };
  });
  return made;
}
