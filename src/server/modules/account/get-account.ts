import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { TAccount } from '../../../core/account.schemas.ts';
import type { Ctx } from '../../context.ts';
import { emailedLinks } from '../../db/schema/admin.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/app-error.ts';

export async function getAccount(ctx: Ctx): Promise<TAccount> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor.userId));
  if (!user) throw notFound('Your account');
  const [pending] = await ctx.db
    .select({ newEmail: emailedLinks.newEmail })
    .from(emailedLinks)
    .where(
      and(
        eq(emailedLinks.userId, user.id),
        eq(emailedLinks.purpose, 'email-change'),
        isNull(emailedLinks.usedAt),
        gt(emailedLinks.expiresAt, ctx.clock.now()),
      ),
    )
    .orderBy(desc(emailedLinks.createdAt))
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
