import type { TEstateSeal } from '../../../core/estate-seal.schemas.ts';
import type { Ctx } from '../../context.ts';
import { currentSealOf, kitsOf, sealedItemsOf } from '../../access/estate-seal.ts';
import { trusteesOf } from '../../access/trustees.ts';
import { estateStatusOf } from '../../lib/estate-lock.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { releaseRulesOf } from '../../settings/release-rules-of.ts';
import { cannotSealBecause } from './seal-rules.ts';

/** The owner's seal: who holds which kit and who has confirmed storing it; or what a new seal would be. */
export async function getEstateSeal(ctx: Ctx): Promise<TEstateSeal> {
  const estateId = ownEstateId(ctx, 'Your estate');
  const [seal, trustees, rules, status] = await Promise.all([currentSealOf(ctx.db, estateId), trusteesOf(ctx.db, estateId), releaseRulesOf(ctx.db, estateId), estateStatusOf(ctx.db, estateId)]);
  const kits = seal ? await kitsOf(ctx.db, seal.id) : [];
  return {
    seal: seal && {
      recipient: seal.recipient,
      sealTag: seal.sealTag,
      threshold: seal.threshold,
      shareCount: seal.shareCount,
      createdAt: seal.createdAt.toISOString(),
      kits: kits.map((k) => ({ shareIndex: k.shareIndex, holderName: k.holderName, storedAt: k.storedAt?.toISOString() ?? null })),
      sealedItems: await sealedItemsOf(ctx.db, seal.id),
    },
    trustees: trustees.map((t) => ({ userId: t.userId, name: t.name })),
    threshold: rules.quorumRequired,
    cannotSeal: seal ? 'Your estate already has a seal.' : cannotSealBecause(status ?? 'planning', trustees, rules.quorumRequired),
  };
}
