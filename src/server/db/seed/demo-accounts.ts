import { eq, inArray, like, sql } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { insertUser } from '../../../../test/factories/users.ts';
import { raiseAdminAlert } from '../../notices/raise-admin-alert.ts';
import type { Db } from '../client.ts';
import { adminAlerts } from '../schema/admin.ts';
import { appendAuditRows } from '../../lib/audit-chain.ts';
import { auditLog } from '../schema/system.ts';
import { users } from '../schema/users.ts';
import { DEMO_PASSWORD } from '../../../core/personas.ts';
import type { DemoIds } from './demo-users.ts';
import type { SeedVault } from './demo-vault.ts';

const DAY = 86_400_000;

/**
 * Accounts and the security policy in the demo: the personas' addresses verified (they signed up by
 * emailed link), except the estate administrator's — staff an admin invited, who was reminded and
 * can send a verification email; two more staff, one with two-factor on (a real secret) and one
 * invited days ago and still unverified; an account locked after failed sign-ins two days ago, with
 * its audit trail and the security alert; and the admin's last change of the policy in the log.
 */
export async function seedAccounts(db: Db, ids: DemoIds, vault: SeedVault): Promise<void> {
  const now = vault.clock.now().getTime();
  const ago = (days: number) => new Date(now - days * DAY);
  await db
    .update(users)
    .set({ emailVerifiedAt: ago(120) })
    .where(inArray(users.id, [ids.ownerId, ids.plannerId, ids.beneficiaryUserId, ids.adminId]));
  await db.update(users).set({ verificationRemindedAt: ago(2) }).where(eq(users.id, ids.estateAdministratorId));

  const nadia = await insertUser(db, {
    name: 'Nadia Bishop',
    email: 'nadia.bishop@demo.heirloom.local',
    phone: '+1 (555) 730-5540',
    isDemo: true,
    password: DEMO_PASSWORD,
    roles: ['estate-administrator'],
    emailVerifiedAt: ago(60),
    totpSecretEnc: vault.secrets.encrypt(new Secret({ size: 20 }).base32),
    totpEnabledAt: ago(58),
    createdAt: ago(61),
    lastActiveAt: ago(1),
  });
  await insertUser(db, {
    name: 'Ben Adler',
    email: 'ben.adler@demo.heirloom.local',
    phone: '+1 (555) 730-5562',
    isDemo: true,
    password: DEMO_PASSWORD,
    roles: ['estate-administrator'],
    emailVerifiedAt: null,
    verificationRemindedAt: ago(1),
    createdAt: ago(5),
  });

  // Two days ago someone guessed at Nadia's password five times: the account was locked for 15 minutes.
  const lockedAt = ago(2);
  const until = new Date(lockedAt.getTime() + 15 * 60_000);
  const meta = { ip: '203.0.113.77', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' };
  // Its audit rows outlive a reset (their actor is set null), so they carry a mark to be cleared by.
  await db.delete(auditLog).where(sql`${auditLog.details} ->> 'seed' = 'accounts'`);
  await appendAuditRows(db, [
    ...[1, 2, 3, 4, 5].map((n) => ({
      at: new Date(lockedAt.getTime() - (5 - n) * 40_000),
      action: 'auth.sign_in_failed',
      actorUserId: nadia.id,
      ...meta,
      details: { reason: 'bad_password', failures: n, seed: 'accounts' },
    })),
    { at: lockedAt, action: 'auth.account_locked', actorUserId: nadia.id, ...meta, details: { until: until.toISOString(), seed: 'accounts' } },
    {
      at: ago(12),
      action: 'admin.security_policy_updated',
      actorUserId: ids.adminId,
      targetType: 'system_settings',
      targetId: 'platform',
      ip: '198.51.100.20',
      userAgent: 'Mozilla/5.0 (Macintosh)',
      details: { changes: { 'lockout.maxFailures': { from: 10, to: 5 } }, seed: 'accounts' },
    },
  ]);
  await db.delete(adminAlerts).where(like(adminAlerts.dedupeKey, 'demo:account-locked:%'));
  await raiseAdminAlert(
    { db, clock: { now: () => lockedAt } },
    {
      type: 'security',
      message: `${nadia.name}'s account was locked for 15 minutes after 5 failed sign-in attempts`,
      dedupeKey: `demo:account-locked:${nadia.id}`,
      details: { userId: nadia.id, failures: 5, lockedUntil: until.toISOString() },
    },
  );
}
