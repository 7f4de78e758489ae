import type { TReleaseSafeguards, TSetTrusteesRequest } from '../../../core/release-safeguards.schemas.ts';
import type { Ctx } from '../../context.ts';
import { refuseWhileSealed } from '../../access/estate-seal.ts';
import { trusteesOf } from '../../access/trustees.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { getReleaseSafeguards } from './get-release-safeguards.ts';
import { lockEstateForSafeguards } from '../../safeguards/safeguards-edit.ts';
import { replaceTrustees } from '../../safeguards/replace-trustees.ts';

/** Replace the owner's trustees (safeguards/replace-trustees.ts); refused while a seal is made for the present ones. */
export async function setTrustees(ctx: Ctx, input: TSetTrusteesRequest): Promise<TReleaseSafeguards> {
  const estateId = ownEstateId(ctx, 'Your estate');
  await inMailTransaction(ctx, async (tx) => {
    await lockEstateForSafeguards(tx.db, estateId);
    const current = (await trusteesOf(tx.db, estateId)).map((t) => t.userId);
    if (current.join() !== input.userIds.join()) await refuseWhileSealed(tx.db, estateId);
    await replaceTrustees(tx, estateId, input.userIds);
  });
  return getReleaseSafeguards(ctx);
}
