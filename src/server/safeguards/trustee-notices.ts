import { eq } from 'drizzle-orm';
import type { BaseCtx } from '../context.ts';
import { estates, ownerNameSql } from '../db/schema/estates.ts';
import { users } from '../db/schema/users.ts';
import { trusteeNamedNotice } from '../mail/templates/trustee-named.ts';
import { tell } from './tell.ts';

export const TRUSTEE_PAGE = '/trustee';

export async function ownerNameOf(ctx: Pick<BaseCtx, 'db'>, estateId: string): Promise<string> {
  const [row] = await ctx.db.select({ name: ownerNameSql() }).from(estates).innerJoin(users, eq(users.id, estates.ownerId)).where(eq(estates.id, estateId));
  return row?.name ?? 'The owner';
}

/** "You were named a trustee": what it means and what may be asked of them. In the naming's (or the yearly claim's) transaction. */
export async function tellTrusteeNamed(ctx: BaseCtx, estateId: string, userId: string, yearly = false): Promise<void> {
  const owner = await ownerNameOf(ctx, estateId);
  const now = ctx.clock.now();
  await tell(ctx, userId, {
    words: (to) => trusteeNamedNotice({ ...to, ownerName: owner, yearly }),
    link: TRUSTEE_PAGE,
    idempotencyKey: yearly ? `trustee-yearly.${estateId}.${userId}.${now.getUTCFullYear()}` : `trustee-named.${estateId}.${userId}.${now.getTime()}`,
  });
}

