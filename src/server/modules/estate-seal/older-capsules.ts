import { and, desc, eq, max, ne, sql } from 'drizzle-orm';
import type { OlderCapsuleHolder } from '../../../core/seal/seal-words.ts';
import type { Ctx } from '../../context.ts';
import { auditLog } from '../../db/schema/system.ts';
import { users } from '../../db/schema/users.ts';

/**
 * Who downloaded a Legacy Capsule of one of the estate's older seals that held something (ADR 0112):
 * re-keying cannot reach a capsule already made, so it still opens with that seal's kits. Read from
 * the audit records the download writes (estate_seal.capsule_made, its target the seal); the owner
 * is "you". Newest first.
 */
export async function olderCapsuleHolders(ctx: Ctx, estateId: string, currentSealId: string): Promise<OlderCapsuleHolder[]> {
  const madeAt = max(auditLog.at);
  const rows = await ctx.db
    .select({ userId: auditLog.actorUserId, name: users.name, madeAt })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.action, 'estate_seal.capsule_made'),
        eq(auditLog.estateId, estateId),
        ne(auditLog.targetId, currentSealId),
        sql`coalesce((${auditLog.details}->>'items')::int, 0) > 0`,
      ),
    )
    .groupBy(auditLog.actorUserId, users.name)
    .orderBy(desc(madeAt));
  return rows.map((r) => ({ name: r.name, madeAt: r.madeAt!.toISOString(), you: r.userId === ctx.actor.userId }));
}
