import { eq } from 'drizzle-orm';
import type { TAccount, TUpdateAccountRequest } from '../../../core/account.schemas.ts';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { getAccount } from './get-account.ts';

export async function updateAccount(ctx: Ctx, input: TUpdateAccountRequest): Promise<TAccount> {
  await ctx.db.update(users).set({ ...input, updatedAt: ctx.clock.now() }).where(eq(users.id, ctx.actor.userId));
  await audit(ctx, { action: 'account.updated', details: { fields: Object.keys(input) } });
  return getAccount(ctx);
}
