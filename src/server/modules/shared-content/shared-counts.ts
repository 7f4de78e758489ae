import { count } from 'drizzle-orm';
import type { TSharedCounts } from '../../../core/shared-content.schemas.ts';
import type { Ctx } from '../../context.ts';
import { documents } from '../../db/schema/documents.ts';
import { memories } from '../../db/schema/memories.ts';
import { futureMessages } from '../../db/schema/messages.ts';
import { documentVisibleSql, letterVisibleSql, memoryVisibleSql } from '../../access/policy.ts';

/** Live counts of what the viewer may see, per estate — counted in the database through the policy. */
export async function sharedCountsByEstate(ctx: Ctx): Promise<Map<string, TSharedCounts>> {
  const userId = ctx.actor.userId;
  const [m, d, l] = await Promise.all([
    ctx.db.select({ estateId: memories.estateId, n: count() }).from(memories).where(memoryVisibleSql(ctx.db, userId)).groupBy(memories.estateId),
    ctx.db.select({ estateId: documents.estateId, n: count() }).from(documents).where(documentVisibleSql(ctx.db, userId)).groupBy(documents.estateId),
    ctx.db
      .select({ estateId: futureMessages.estateId, n: count() })
      .from(futureMessages)
      .where(letterVisibleSql(ctx.db, userId))
      .groupBy(futureMessages.estateId),
  ]);
  const out = new Map<string, TSharedCounts>();
  const at = (estateId: string) => {
    let c = out.get(estateId);
    if (!c) out.set(estateId, (c = { memories: 0, documents: 0, messages: 0 }));
    return c;
  };
  for (const r of m) at(r.estateId).memories = r.n;
  for (const r of d) at(r.estateId).documents = r.n;
  for (const r of l) at(r.estateId).messages = r.n;
  return out;
}

export const NO_COUNTS: TSharedCounts = { memories: 0, documents: 0, messages: 0 };
