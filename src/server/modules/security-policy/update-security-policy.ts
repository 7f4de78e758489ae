import type { TSecurityPolicy, TSecurityPolicyView } from '../../../core/security-policy.schemas.ts';
import type { Ctx } from '../../context.ts';
import { audit } from '../../lib/audit.ts';
import { SYSTEM_SETTINGS_KEY, updateSystemSettings } from '../../settings/get-system-settings.ts';
import { getSecurityPolicy, policyOf } from './get-security-policy.ts';

type Change = { from: unknown; to: unknown };

/**
 * Save the security policy. Only its own keys of the settings row are written, in one locked
 * read-and-merge (a concurrent save of the system name or time zone is not undone), and the cache is
 * dropped so the next request — sign-in, the session check — uses the new values at once. Each
 * changed value is audit-logged with its old and new value; saving the same values logs nothing.
 */
export async function updateSecurityPolicy(ctx: Ctx, input: TSecurityPolicy): Promise<TSecurityPolicyView> {
  let changes: Record<string, Change> = {};
  await updateSystemSettings(ctx.db, (current) => {
    const before = policyOf(current);
    const diff: Record<string, Change> = {};
    if (before.requireTwoFactor !== input.requireTwoFactor) diff.requireTwoFactor = { from: before.requireTwoFactor, to: input.requireTwoFactor };
    if (before.sessionTimeoutMinutes !== input.sessionTimeoutMinutes) {
      diff.sessionTimeoutMinutes = { from: before.sessionTimeoutMinutes, to: input.sessionTimeoutMinutes };
    }
    for (const key of ['maxFailures', 'windowMinutes', 'lockMinutes'] as const) {
      if (before.lockout[key] !== input.lockout[key]) diff[`lockout.${key}`] = { from: before.lockout[key], to: input.lockout[key] };
    }
    changes = diff;
    return Object.keys(diff).length ? { requireTwoFactor: input.requireTwoFactor, sessionTimeoutMinutes: input.sessionTimeoutMinutes, lockout: input.lockout } : {};
  });
  if (Object.keys(changes).length) {
    await audit(ctx, { action: 'admin.security_policy_updated', targetType: 'system_settings', targetId: SYSTEM_SETTINGS_KEY, estateId: null, details: { changes } });
  }
  return getSecurityPolicy(ctx);
}
