import { eq } from 'drizzle-orm';
import type { TAccount, TUpdateAccountRequest } from '../../../core/account.schemas.ts';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { refuseRenamingTheDeceased } from '../../lifecycle/deceased-facts.ts';
import { getAccount } from './get-account.ts';

export async function updateAccount(ctx: Ctx, input: TUpdateAccountRequest): Promise<TAccount> {
  if (input.name !== undefined && input.name !== ctx.actor.name) await refuseRenamingTheDeceased(ctx);
  await ctx.db.update(users).set({ ...input, updatedAt: ctx.clock.now() }).where(eq(users.id, ctx.actor.userId));
  await audit(ctx, { action: 'account.updated', details: { fields: Object.keys(input) } });
  return getAccount(ctx);
}
