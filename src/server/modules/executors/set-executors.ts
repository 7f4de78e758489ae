import { eq } from 'drizzle-orm';
import type { TExecutors, TSetExecutorsRequest } from '../../../core/executors.schemas.ts';
import { executorCandidatesOf } from '../../access/executors.ts';
import { RELEASED_STATUS } from '../../access/policy.ts';
import type { Ctx } from '../../context.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { tellExecutorNamed } from './tell-executor-named.ts';
import { estateExecutors } from '../../db/schema/executors.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { lockEstate } from '../../lib/estate-lock.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { getExecutors } from './get-executors.ts';

/**
 * Names the executor and deputy (both at once; null: nobody), under the estate's lock. Each must be
 * one of the owner's beneficiaries with an account or their estate administrator. Refused once the
 * estate is active: it is then settled by those named before (the estate is frozen at activation).
 * Whoever is newly named is told, in-app and by email, in the same transaction.
 */
export async function setExecutors(ctx: Ctx, input: TSetExecutorsRequest): Promise<TExecutors> {
  const estateId = ownEstateId(ctx, 'Your estate');
  await inMailTransaction(ctx, async (tx) => {
    const db = tx.db;
    const estate = await lockEstate(db, estateId);
    if (!estate) throw notFound('Your estate');
    if (estate.status === RELEASED_STATUS) throw conflict('Your estate is active: its executor can no longer change.');
    const candidates = new Set((await executorCandidatesOf(db, estateId)).map((c) => c.userId));
    const named = [
      { position: 'executor', userId: input.executorUserId, field: 'executorUserId' },
      { position: 'deputy', userId: input.deputyUserId, field: 'deputyUserId' },
    ] as const;
    for (const n of named) {
      if (n.userId && !candidates.has(n.userId)) throw badRequest('Choose one of your beneficiaries with an account, or your estate administrator.', { [n.field]: 'Not one of the people you can name' });
    }
    const before = await db.delete(estateExecutors).where(eq(estateExecutors.estateId, estateId)).returning({ position: estateExecutors.position, userId: estateExecutors.userId });
    const rows = named.flatMap((n) => (n.userId ? [{ estateId, position: n.position, userId: n.userId, namedAt: ctx.clock.now() }] : []));
    if (rows.length) await db.insert(estateExecutors).values(rows);
    await audit(tx, { action: 'estate.executors_named', estateId, targetType: 'estate', targetId: estateId, details: { executor: Boolean(input.executorUserId), deputy: Boolean(input.deputyUserId) } });
    // each person newly named, or named to the other position, is told, with the change
    for (const row of rows) if (!before.some((b) => b.position === row.position && b.userId === row.userId)) await tellExecutorNamed(tx, estateId, row.userId, row.position);
  });
  return getExecutors(ctx);
}
