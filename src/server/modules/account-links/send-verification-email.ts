import { ACCOUNT_LINKS_PER_HOUR, VERIFY_EMAIL_PATH, type TSendVerificationResponse } from '../../../core/account-links.schemas.ts';
import type { BaseCtx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { emailVerificationMail } from '../../mail/templates/email-verification.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { loadActorUser, type UserRow } from '../../identity/load-user.ts';
import type { Ctx } from '../../context.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { linkUrl, issueLink, linksInLastHour, tooManyLinks } from '../../links/emailed-links.ts';

/**
 * Queue a verification link for the user's current address, in the caller's transaction (the
 * reminder job and the "Send verification email" button write the same mail). A link only verifies
 * the address it was sent to: after an email change it opens nothing.
 */
export async function queueVerificationMail(
  tx: Pick<BaseCtx, 'clock' | 'config'> & { db: Db; mailer: Mailer },
  user: Pick<UserRow, 'id' | 'name' | 'email'>,
  options: { reminder?: boolean; idempotencyKey?: string } = {},
): Promise<void> {
  const { systemName } = await getSystemSettings(tx.db);
  const { token } = await issueLink(tx, { userId: user.id, purpose: 'email-verify', newEmail: user.email });
  const link = linkUrl(tx.config.publicUrl, VERIFY_EMAIL_PATH, token);
  await tx.mailer.send(
    { to: user.email, ...emailVerificationMail({ systemName, name: user.name, link, reminder: Boolean(options.reminder) }) },
    { db: tx.db, ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}) },
  );
}

/** "Send verification email" on the account screens: for an address not yet verified, a few times an hour. */
export async function sendVerificationEmail(ctx: Ctx): Promise<TSendVerificationResponse> {
  const user = await loadActorUser(ctx);
  if (user.emailVerifiedAt) return { status: 'already-verified' };
  if ((await linksInLastHour(ctx.db, user.id, 'email-verify', ctx.clock.now())) >= ACCOUNT_LINKS_PER_HOUR) {
    throw tooManyLinks(`We already sent ${ACCOUNT_LINKS_PER_HOUR} verification emails in the last hour. Check your inbox (and spam folder), or try again later.`);
  }
  await inMailTransaction(ctx, async (tx) => {
    await queueVerificationMail(tx, user);
    await audit(tx, { action: 'account.verification_sent', targetType: 'user', targetId: user.id });
  });
  return { status: 'sent' };
}
