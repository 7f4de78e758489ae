import { eq } from 'drizzle-orm';
import type { BaseCtx } from '../../context.ts';
import { knownDevices } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { loginAlertMail } from '../../mail/templates/login-alert.ts';
import { sha256 } from '../../lib/tokens.ts';
import { notify } from '../../notices/notify.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { loadUserSettings } from '../../settings/load-user-settings.ts';
import { describeDevice } from '../../lib/audit-descriptions.ts';

/**
 * After a successful sign-in: remember the device (a hash of its user agent) and, when it is new
 * for this user and they already had a known device, audit it and — if their "login alerts"
 * setting is on — email them and notify them. A user's very first device is simply remembered.
 */
export async function recordSignInDevice(ctx: BaseCtx, user: { id: string; email: string; name: string }): Promise<boolean> {
  const fingerprint = sha256(`ua:${ctx.meta.userAgent}`);
  const known = await ctx.db.select({ fingerprint: knownDevices.fingerprint }).from(knownDevices).where(eq(knownDevices.userId, user.id));
  if (known.some((k) => k.fingerprint === fingerprint)) return false;
  // The device, its audit row and the alert commit together (ADR 0077).
  return inMailTransaction(ctx, async (tx) => {
    await tx.db.insert(knownDevices).values({ userId: user.id, fingerprint, firstSeenAt: ctx.clock.now() }).onConflictDoNothing();
    if (known.length === 0) return false;
    const device = describeDevice(ctx.meta.userAgent);
    await audit(tx, { action: 'auth.new_device', actorUserId: user.id, details: { device } });
    const settings = await loadUserSettings(tx, user.id);
    if (!settings.loginAlerts) return false;
    const now = ctx.clock.now();
    const { systemName } = await getSystemSettings(tx.db);
    await tx.mailer.send(
      { to: user.email, ...loginAlertMail({ systemName, name: user.name, device, ip: ctx.meta.ip, at: now }) },
      { db: tx.db, idempotencyKey: `login-alert.${user.id}.${fingerprint}.${now.getTime()}` },
    );
    await notify(tx, {
      userId: user.id,
      type: 'security',
      message: `New sign-in from ${device}. If this wasn't you, change your password.`,
      link: '/estate-owner/security',
    });
    return true;
  });
}
