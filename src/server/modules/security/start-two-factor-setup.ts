import { eq } from 'drizzle-orm';
import { Secret } from 'otpauth';
import QRCode from 'qrcode';
import type { TTwoFactorSetup } from '../../../core/security.schemas.ts';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { conflict } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { totpFor } from '../../identity/second-factor.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { loadActorUser } from '../../identity/load-user.ts';

/**
 * Start turning two-factor on: a new TOTP secret, stored encrypted as pending until the user
 * proves their app has it (confirm). Returns the otpauth URL, its QR code and the secret for typing.
 */
export async function startTwoFactorSetup(ctx: Ctx): Promise<TTwoFactorSetup> {
  const user = await loadActorUser(ctx);
  if (user.totpEnabledAt) {
    throw conflict('Two-factor authentication is already on. Turn it off first to set it up with another app.');
  }
  const secret = new Secret({ size: 20 }).base32;
  await ctx.db
    .update(users)
    .set({ totpPendingSecretEnc: ctx.secrets.encrypt(secret), updatedAt: ctx.clock.now() })
    .where(eq(users.id, user.id));
  const { systemName } = await getSystemSettings(ctx.db);
  const otpauthUrl = totpFor(secret, user.email, systemName).toString();
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  await audit(ctx, { action: 'security.two_factor_setup_started' });
  return { otpauthUrl, qrCodeDataUrl, secret };
}
