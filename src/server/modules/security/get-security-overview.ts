import type { TSecurityOverview } from '../../../core/security.schemas.ts';
import type { Ctx } from '../../context.ts';
import { loadActorUser } from '../../identity/load-user.ts';

export async function getSecurityOverview(ctx: Ctx): Promise<TSecurityOverview> {
  const user = await loadActorUser(ctx);
  return {
    twoFactorEnabled: Boolean(user.totpEnabledAt),
    twoFactorEnabledAt: user.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesRemaining: user.totpEnabledAt ? user.recoveryCodeHashes.length : 0,
  };
}
