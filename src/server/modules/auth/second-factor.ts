import { eq } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import type { Deps } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { verifyPassword } from '../../lib/passwords.ts';

type UserRow = typeof users.$inferSelect;

export const TOTP_PERIOD_SECONDS = 30;

export function totpFor(secretBase32: string, label: string, issuer: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: secretBase32 });
}

/** A 6-digit code valid at `now` (±1 step for clock drift). */
export function totpCodeIsValid(secretBase32: string, code: string, now: Date): boolean {
  const totp = totpFor(secretBase32, 'x', 'x');
  return totp.validate({ token: code.replace(/\s+/g, ''), timestamp: now.getTime(), window: 1 }) !== null;
}

/**
 * Check a sign-in's second factor: a TOTP code, or one of the unused recovery codes
 * (which is then used up).
 */
export async function verifySecondFactor(deps: Deps, user: UserRow, code: string): Promise<boolean> {
  const trimmed = code.trim();
  if (user.totpSecretEnc && /^\d{6}$/.test(trimmed.replace(/\s+/g, ''))) {
    const secret = deps.secrets.decrypt(user.totpSecretEnc);
    return totpCodeIsValid(secret, trimmed, deps.clock.now());
  }
  const normalised = trimmed.toLowerCase().replace(/[^a-z0-9]/g, '');
  for (const [i, codeHash] of user.recoveryCodeHashes.entries()) {
    if (await verifyPassword(codeHash, normalised)) {
      const remaining = user.recoveryCodeHashes.filter((_, j) => j !== i);
      await deps.db.update(users).set({ recoveryCodeHashes: remaining }).where(eq(users.id, user.id));
      return true;
    }
  }
  return false;
}
