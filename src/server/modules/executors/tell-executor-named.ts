import type { ExecutorPosition } from '../../../core/executors.schemas.ts';
import type { BaseCtx } from '../../context.ts';
import { executorNamedNotice } from '../../mail/templates/executor-named.ts';
import { tell } from '../../safeguards/tell.ts';
import { ownerNameOf } from '../../safeguards/trustee-notices.ts';

/** "You were named executor" (or deputy), in-app and by email, in the naming's transaction (issue 28). */
export async function tellExecutorNamed(ctx: BaseCtx, estateId: string, userId: string, position: ExecutorPosition): Promise<void> {
  const owner = await ownerNameOf(ctx, estateId);
  await tell(ctx, userId, {
    words: (to) => executorNamedNotice({ ...to, ownerName: owner, position }),
    link: '/',
    idempotencyKey: `executor-named.${estateId}.${position}.${userId}.${ctx.clock.now().getTime()}`,
  });
}
