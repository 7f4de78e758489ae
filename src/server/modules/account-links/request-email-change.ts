import { eq } from 'drizzle-orm';
import {
  ACCOUNT_LINKS_PER_HOUR,
  VERIFY_EMAIL_PATH,
  type TChangeEmailRequest,
  type TChangeEmailResponse,
} from '../../../core/account-links.schemas.ts';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { emailChangeConfirmationMail } from '../../mail/templates/email-change-confirmation.ts';
import { emailChangeRequestedMail } from '../../mail/templates/email-change-requested.ts';
import { emailChangeTakenMail } from '../../mail/templates/email-change-taken.ts';
import { loadActorUser } from '../../identity/load-user.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { linkUrl, issueLink, linksInLastHour, tooManyLinks } from '../../links/emailed-links.ts';

/**
 * Ask to move the account to a new address: the current password is required; nothing changes
 * until the link mailed to the new address is followed. The old address is told at once. An
 * address that already has an account gets a notice instead of a link, and the answer is the same
 * (a signed-in user cannot probe which addresses have accounts).
 */
export async function requestEmailChange(ctx: Ctx, input: TChangeEmailRequest): Promise<TChangeEmailResponse> {
  const user = await loadActorUser(ctx);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await audit(ctx, { action: 'account.email_change_failed', details: { reason: 'wrong_current_password' } });
    throw badRequest('Your current password is not right.', { currentPassword: 'That is not your current password' });
  }
  if (input.newEmail === user.email) {
    throw badRequest('That is already your email address.', { newEmail: 'This is your current address' });
  }
  const answer: TChangeEmailResponse = { status: 'check-email', newEmail: input.newEmail };
  const now = ctx.clock.now();
  if ((await linksInLastHour(ctx.db, user.id, 'email-change', now)) >= ACCOUNT_LINKS_PER_HOUR) {
    throw tooManyLinks(`You asked for ${ACCOUNT_LINKS_PER_HOUR} email changes in the last hour. Try again later.`);
  }
  const { systemName } = await getSystemSettings(ctx.db);
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.newEmail));

  await inMailTransaction(ctx, async (tx) => {
    // The token is written either way, so the hourly limit counts both kinds of request alike.
    const { token } = await issueLink(tx, { userId: user.id, purpose: 'email-change', newEmail: input.newEmail });
    await audit(tx, { action: 'account.email_change_requested', targetType: 'user', targetId: user.id, details: { addressTaken: Boolean(taken) } });
    const toNewAddress = taken
      ? emailChangeTakenMail({ systemName })
      : emailChangeConfirmationMail({ systemName, name: user.name, link: linkUrl(tx.config.publicUrl, VERIFY_EMAIL_PATH, token) });
    await tx.mailer.send({ to: input.newEmail, ...toNewAddress }, { db: tx.db });
    await tx.mailer.send(
      { to: user.email, ...emailChangeRequestedMail({ systemName, name: user.name, at: now, from: user.email, to: input.newEmail }) },
      { db: tx.db },
    );
  });
  return answer;
}
