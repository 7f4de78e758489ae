import { eq } from 'drizzle-orm';
import {
  ACCOUNT_LINKS_PER_HOUR,
  RESET_PASSWORD_PATH,
  type TForgotPasswordRequest,
  type TForgotPasswordResponse,
} from '../../../core/account-links.schemas.ts';
import type { BaseCtx } from '../../context.ts';
import { inTransaction } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { passwordResetMail } from '../../mail/templates/password-reset.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { linkUrl, issueLink, linksInLastHour } from '../../links/emailed-links.ts';

/**
 * Every answer takes at least this long, so a known address (a token written, a mail queued) and
 * an unknown one (nothing to do) cannot be told apart by timing.
 */
export const FORGOT_PASSWORD_MIN_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Forgot password: the same answer whether or not the address has an account, whether the account
 * is suspended, and whether the per-account limit was reached. An active account gets a link that
 * works once for an hour (earlier links stop working). The mail is only queued here, and sent after
 * the answer, so an SMTP round-trip does not betray the address either.
 */
export async function requestPasswordReset(ctx: BaseCtx, input: TForgotPasswordRequest): Promise<TForgotPasswordResponse> {
  const started = performance.now();
  const answer: TForgotPasswordResponse = { status: 'check-email' };
  const now = ctx.clock.now();
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email));
  const usable = user && user.status === 'active' && (!user.isDemo || ctx.config.demoMode);

  let outboxId: string | null = null;
  if (!user || !usable) {
    await audit(ctx, { action: 'auth.password_reset_refused', actorUserId: user?.id ?? null, details: { reason: user ? `status_${user.status}` : 'unknown_account' } });
  } else if ((await linksInLastHour(ctx.db, user.id, 'password-reset', now)) >= ACCOUNT_LINKS_PER_HOUR) {
    await audit(ctx, { action: 'auth.password_reset_throttled', actorUserId: user.id });
  } else {
    const { systemName } = await getSystemSettings(ctx.db);
    outboxId = await inTransaction(ctx.db, async (txDb) => {
      const tx = { ...ctx, db: txDb };
      const { token } = await issueLink(tx, { userId: user.id, purpose: 'password-reset' });
      await audit(tx, { action: 'auth.password_reset_requested', actorUserId: user.id, targetType: 'user', targetId: user.id });
      const link = linkUrl(ctx.config.publicUrl, RESET_PASSWORD_PATH, token);
      return ctx.mailer.send({ to: user.email, ...passwordResetMail({ systemName, name: user.name, link }) }, { db: tx.db });
    });
  }

  const wait = FORGOT_PASSWORD_MIN_MS - (performance.now() - started);
  if (wait > 0) await sleep(wait);
  // Sent after the answer is decided (the send-outbox job retries it if this fails).
  if (outboxId) void ctx.mailer.sendNow([outboxId]).catch(() => undefined);
  return answer;
}
