import { and, eq, isNull } from 'drizzle-orm';
import type { TRecoveryCodes } from '../../../core/security.schemas.ts';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { totpStepOf } from '../../identity/second-factor.ts';
import { notify } from '../../notices/notify.ts';
import { loadActorUser } from '../../identity/load-user.ts';
import { newRecoveryCodes } from './recovery-codes.ts';

/** Finish turning two-factor on with a code from the app; returns the recovery codes, once. */
export async function confirmTwoFactor(ctx: Ctx, code: string): Promise<TRecoveryCodes> {
  const user = await loadActorUser(ctx);
  if (user.totpEnabledAt) throw conflict('Two-factor authentication is already on.');
  if (!user.totpPendingSecretEnc) throw conflict('Start the two-factor setup first: scan the QR code, then enter the code.');
  const secret = ctx.secrets.decrypt(user.totpPendingSecretEnc);
  const step = totpStepOf(secret, code, ctx.clock.now());
  if (step === null) {
    await audit(ctx, { action: 'security.two_factor_confirm_failed' });
    throw badRequest('That code is not right. Enter the 6-digit code your app shows now.', { code: 'That code is not right' });
  }
  const { codes, hashes } = await newRecoveryCodes();
  const now = ctx.clock.now();
  await inMailTransaction(ctx, async (tx) => {
    const [updated] = await tx.db
      .update(users)
      .set({
        totpSecretEnc: user.totpPendingSecretEnc,
        totpPendingSecretEnc: null,
        totpEnabledAt: now,
        // the code that turned it on is used: the next sign-in needs a later one
        totpLastStep: step,
        recoveryCodeHashes: hashes,
        updatedAt: now,
      })
      .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (!updated) throw conflict('Two-factor authentication is already on.');
    await audit(tx, { action: 'security.two_factor_enabled' });
    await notify(tx, { userId: user.id, type: 'security', message: 'Two-factor authentication was turned on for your account.' });
  });
  return { recoveryCodes: codes };
}
