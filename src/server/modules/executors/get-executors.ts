import type { TExecutors } from '../../../core/executors.schemas.ts';
import { executorsOf } from '../../access/executors.ts';
import { RELEASED_STATUS } from '../../access/policy.ts';
import type { Ctx } from '../../context.ts';
import { estateStatusOf } from '../../lib/estate-lock.ts';
import { ownEstateId } from '../../lib/scope.ts';

/** The owner's executor and deputy, whom they could name instead, and whether it can still change. */
export async function getExecutors(ctx: Ctx): Promise<TExecutors> {
  const estateId = ownEstateId(ctx, 'Your estate');
  const [named, status] = await Promise.all([executorsOf(ctx.db, estateId), estateStatusOf(ctx.db, estateId)]);
  return { ...named, canChange: status !== RELEASED_STATUS };
}
