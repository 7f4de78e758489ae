import { eq } from 'drizzle-orm';
import type { TMemory } from '../../../core/memories.schemas.ts';
import type { TShareRequest } from '../../../core/sharing.schemas.ts';
import type { Ctx } from '../../context.ts';
import { memories, memoryShares } from '../../db/schema/memories.ts';
import { applyShare } from '../../access/sharing.ts';
import { findOwnMemory } from './find-own-memory.ts';
import { getMemory } from './get-memory.ts';

/** Share: which beneficiaries (or all) see the memory, and whether now or after activation. */
export async function shareMemory(ctx: Ctx, id: string, input: TShareRequest): Promise<TMemory> {
  const memory = await findOwnMemory(ctx, id);
  await applyShare(
    ctx,
    {
      category: 'memory',
      itemId: id,
      title: memory.title,
      estateId: memory.estateId,
      write: async (tx, share) => {
        const now = ctx.clock.now();
        await tx.update(memories).set({ shareAll: share.all, release: share.release, updatedAt: now }).where(eq(memories.id, id));
        await tx.delete(memoryShares).where(eq(memoryShares.memoryId, id));
        if (share.beneficiaryIds.length) {
          await tx.insert(memoryShares).values(share.beneficiaryIds.map((beneficiaryId) => ({ memoryId: id, beneficiaryId, createdAt: now })));
        }
      },
    },
    input,
  );
  return getMemory(ctx, id);
}
