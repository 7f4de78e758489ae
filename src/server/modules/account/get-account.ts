import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { TAccount } from '../../../core/account.schemas.ts';
import type { Ctx } from '../../context.ts';
import { accountTokens } from '../../db/schema/admin.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/app-error.ts';

export async function getAccount(ctx: Ctx): Promise<TAccount> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor.userId));
  if (!user) throw notFound('Your account');
  const [pending] = await ctx.db
    .select({ newEmail: accountTokens.newEmail })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, user.id),
        eq(accountTokens.purpose, 'email-change'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, ctx.clock.now()),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    roles: ctx.actor.roles,
    twoFactorEnabled: Boolean(user.totpEnabledAt),
    emailVerified: Boolean(user.emailVerifiedAt),
    pendingEmail: pending?.newEmail ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
