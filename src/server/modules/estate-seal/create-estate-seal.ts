import type { TCreateSealRequest, TEstateSeal } from '../../../core/estate-seal.schemas.ts';
import type { Ctx } from '../../context.ts';
import { currentSealOf } from '../../access/estate-seal.ts';
import { trusteesOf } from '../../access/trustees.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { lockEstate } from '../../lib/estate-lock.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { releaseRulesOf } from '../../settings/release-rules-of.ts';
import { getEstateSeal } from './get-estate-seal.ts';
import { cannotSealBecause } from './seal-rules.ts';
import { keepSeal } from './keep-seal.ts';

/**
 * Keep the seal the owner's browser made: its public key, its tag, and per trustee a fingerprint of
 * their share and the last four characters of their kit. The kits themselves stay in the owner's
 * hands. The seal must match the trustees and the number needed as they are now (a page left open
 * while they changed is refused, never half-kept); each trustee is told a kit is coming.
 */
export async function createEstateSeal(ctx: Ctx, input: TCreateSealRequest): Promise<TEstateSeal> {
  const estateId = ownEstateId(ctx, 'Your estate');
  await inMailTransaction(ctx, async (tx) => {
    const estate = await lockEstate(tx.db, estateId);
    if (!estate) throw notFound('Your estate');
    if (await currentSealOf(tx.db, estateId)) throw conflict('Your estate already has a seal. Your trustees’ kits from it still work.');
    const [trustees, rules] = await Promise.all([trusteesOf(tx.db, estateId), releaseRulesOf(tx.db, estateId)]);
    const why = cannotSealBecause(estate.status, trustees, rules.quorumRequired);
    if (why) throw conflict(why);
    if (input.threshold !== rules.quorumRequired) throw conflict('Your trustees or the number needed changed while these kits were being made. Nothing was saved: start again, and print the new kits.');
    const sealId = await keepSeal(tx, estateId, ctx.actor.name, trustees, input.threshold, input);
    await audit(tx, { action: 'estate_seal.created', estateId, targetType: 'estate_seal', targetId: sealId, details: { threshold: input.threshold, kits: input.kits.length } });
  });
  return getEstateSeal(ctx);
}
