import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { verifySecondFactor } from '../../identity/second-factor.ts';
import { notify } from '../../notices/notify.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { loadActorUser } from '../../identity/load-user.ts';

/** Turn two-factor off: needs a current code from the app, or one of the recovery codes; not while the platform requires it. */
export async function disableTwoFactor(ctx: Ctx, code: string): Promise<void> {
  const user = await loadActorUser(ctx);
  if (!user.totpEnabledAt) throw conflict('Two-factor authentication is already off.');
  if ((await getSystemSettings(ctx.db)).requireTwoFactor) {
    throw conflict('The platform requires two-factor authentication, so it cannot be turned off. You can set it up again on a new phone by asking an administrator to reset it.');
  }
  if (!(await verifySecondFactor(ctx, user, code))) {
    await audit(ctx, { action: 'security.two_factor_disable_failed' });
    throw badRequest('That code is not right. Enter the code your app shows now, or a recovery code.', { code: 'That code is not right' });
  }
  await inMailTransaction(ctx, async (tx) => {
    await tx.db
      .update(users)
      .set({ totpSecretEnc: null, totpPendingSecretEnc: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeHashes: [], updatedAt: ctx.clock.now() })
      .where(eq(users.id, user.id));
    await audit(tx, { action: 'security.two_factor_disabled' });
    await notify(tx, { userId: user.id, type: 'security', message: 'Two-factor authentication was turned off for your account.' });
  });
}
