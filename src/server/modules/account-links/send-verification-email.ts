import {
  ACCOUNT_LINK_MINUTES,
  ACCOUNT_LINKS_PER_HOUR,
  VERIFY_EMAIL_PATH,
  type TSendVerificationResponse,
} from '../../../core/account-links.schemas.ts';
import type { BaseCtx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { loadActorUser, type UserRow } from '../security/load-user.ts';
import type { Ctx } from '../../context.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { accountLink, issueAccountToken, linksInLastHour, tooManyLinks } from './account-tokens.ts';

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
  const { token } = await issueAccountToken(tx, user.id, 'email-verify', user.email);
  await tx.mailer.send(
    {
      to: user.email,
      kind: options.reminder ? 'email-verify-reminder' : 'email-verify',
      subject: `${systemName}: confirm your email address`,
      text: [
        `Hello ${user.name},`,
        '',
        options.reminder
          ? `Your ${systemName} account's email address has not been confirmed yet. Confirming it makes sure password resets and important notices reach you.`
          : `Please confirm that this is the email address of your ${systemName} account.`,
        `Open this link within ${ACCOUNT_LINK_MINUTES['email-verify'] / (24 * 60)} days:`,
        accountLink(tx.config.publicUrl, VERIFY_EMAIL_PATH, token),
        '',
        'If you do not have an account with us, ignore this email.',
      ].join('\n'),
    },
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
