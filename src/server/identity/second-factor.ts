import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import type { Deps } from '../context.ts';
import { users } from '../db/schema/users.ts';
import { verifyPassword } from '../lib/passwords.ts';

type UserRow = typeof users.$inferSelect;

export const TOTP_PERIOD_SECONDS = 30;

export function totpFor(secretBase32: string, label: string, issuer: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: secretBase32 });
}

const isTotpShaped = (code: string) => /^\d{6}$/.test(code.replace(/\s+/g, ''));

/** The 30-second step a 6-digit code belongs to, when it is valid at `now` (±1 step for clock drift); else null. */
export function totpStepOf(secretBase32: string, code: string, now: Date): number | null {
  if (!isTotpShaped(code)) return null;
  const delta = totpFor(secretBase32, 'x', 'x').validate({ token: code.replace(/\s+/g, ''), timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/**
 * Use up a TOTP step: succeeds only when no code of this step or a later one was accepted before,
 * in one guarded UPDATE, so a code (or an older one still inside the drift window) works once,
 * however many requests carry it at the same moment.
 */
export async function consumeTotpStep(deps: Pick<Deps, 'db'>, userId: string, step: number): Promise<boolean> {
  const updated = await deps.db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}

/**
 * Check a second factor: a TOTP code (used up, see consumeTotpStep), or one of the unused recovery
 * codes, removed with a guarded UPDATE that only one of several parallel requests can win.
 */
export async function verifySecondFactor(deps: Deps, user: UserRow, code: string): Promise<boolean> {
  const trimmed = code.trim();
  if (user.totpSecretEnc && isTotpShaped(trimmed)) {
    const step = totpStepOf(deps.secrets.decrypt(user.totpSecretEnc), trimmed, deps.clock.now());
    return step !== null && consumeTotpStep(deps, user.id, step);
  }
  const normalised = trimmed.toLowerCase().replace(/[^a-z0-9]/g, '');
  for (const codeHash of user.recoveryCodeHashes) {
    if (await verifyPassword(codeHash, normalised)) {
      const used = await deps.db
        .update(users)
        .set({ recoveryCodeHashes: sql`${users.recoveryCodeHashes} - ${codeHash}::text` })
        .where(and(eq(users.id, user.id), sql`${users.recoveryCodeHashes} @> jsonb_build_array(${codeHash}::text)`))
        .returning({ id: users.id });
      return used.length === 1;
    }
  }
  return false;
}
