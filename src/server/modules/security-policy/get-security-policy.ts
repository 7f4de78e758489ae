import { and, count, eq, isNull } from 'drizzle-orm';
import type { TSecurityPolicy, TSecurityPolicyView } from '../../../core/security-policy.schemas.ts';
import type { TSystemSettings } from '../../../core/system-settings.schemas.ts';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';

export const policyOf = (s: TSystemSettings): TSecurityPolicy => ({
  requireTwoFactor: s.requireTwoFactor,
  sessionTimeoutMinutes: s.sessionTimeoutMinutes,
  lockout: { ...s.lockout },
});

/** The security policy and how many active accounts still lack two-factor (counted in the database). */
export async function getSecurityPolicy(ctx: Ctx): Promise<TSecurityPolicyView> {
  const active = eq(users.status, 'active');
  const [all] = await ctx.db.select({ n: count() }).from(users).where(active);
  const [without] = await ctx.db.select({ n: count() }).from(users).where(and(active, isNull(users.totpEnabledAt)));
  return {
    policy: policyOf(await getSystemSettings(ctx.db)),
    activeUsers: Number(all?.n ?? 0),
    usersWithoutTwoFactor: Number(without?.n ?? 0),
  };
}
