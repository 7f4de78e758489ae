import type { Ctx } from '../../context.ts';
import { badRequest } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { verifySecondFactor } from '../auth/second-factor.ts';
import { loadActorUser } from '../security/load-user.ts';

/**
 * "Confirm it's you" for the export: the account password, plus the authenticator code (or a
 * recovery code) when two-factor is on — the checks sign-in makes. A wrong answer is a 400 on the
 * field that was wrong, audit-logged. Kept in this one function so it can be swapped for a shared
 * re-authentication service.
 */
export async function confirmItsYou(ctx: Ctx, input: { password?: string | undefined; code?: string | undefined }): Promise<void> {
  const user = await loadActorUser(ctx);
  if (!input.password) throw badRequest('Enter your password to include passwords and other secrets.', { password: 'Enter your password' });
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await audit(ctx, { action: 'legacy_export.reauth_failed', details: { reason: 'wrong_password' } });
    throw badRequest('That password is not right. Nothing was started.', { password: 'That is not your password' });
  }
  if (!user.totpEnabledAt) return;
  if (!input.code) throw badRequest('Enter the 6-digit code from your authenticator app.', { code: 'Enter the code from your authenticator app' });
  if (!(await verifySecondFactor(ctx, user, input.code))) {
    await audit(ctx, { action: 'legacy_export.reauth_failed', details: { reason: 'wrong_code' } });
    throw badRequest('That code is not right. Nothing was started.', { code: 'That code is not right' });
  }
}
