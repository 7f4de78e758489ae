import { and, eq, max } from 'drizzle-orm';
import type { TEstateSeal } from '../../../core/estate-seal.schemas.ts';
import { sealedContents } from '../../db/schema/estate-seal.ts';
import { auditLog } from '../../db/schema/system.ts';
import type { Ctx } from '../../context.ts';
import { currentSealOf, kitsOf, sealedItemsOf } from '../../access/estate-seal.ts';
import { trusteesOf } from '../../access/trustees.ts';
import { estateStatusOf } from '../../lib/estate-lock.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { releaseRulesOf } from '../../settings/release-rules-of.ts';
import { cannotSealBecause } from './seal-rules.ts';
import { linkedPeopleOf } from '../../access/linked-people.ts';
import { olderCapsuleHolders } from './older-capsules.ts';

/** When the owner last took this seal's capsule, and when what is sealed last changed: the screen reminds them to send a new one. */
async function capsuleDates(ctx: Ctx, estateId: string, sealId: string) {
  const [[made], [changed]] = await Promise.all([
    ctx.db
      .select({ at: max(auditLog.at) })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'estate_seal.capsule_made'), eq(auditLog.estateId, estateId), eq(auditLog.actorUserId, ctx.actor.userId), eq(auditLog.targetId, sealId))),
    ctx.db.select({ at: max(sealedContents.updatedAt) }).from(sealedContents).where(eq(sealedContents.sealId, sealId)),
  ]);
  return { capsuleMadeAt: made?.at?.toISOString() ?? null, sealedChangedAt: changed?.at?.toISOString() ?? null };
}

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
      capsuleUrl: `/api/v1/capsules/${estateId}`,
      ...(await capsuleDates(ctx, estateId, seal.id)),
      olderCapsules: await olderCapsuleHolders(ctx, estateId, seal.id),
    },
    trustees: trustees.map((t) => ({ userId: t.userId, name: t.name })),
    candidates: (await linkedPeopleOf(ctx.db, estateId)).map((c) => ({ userId: c.userId, name: c.name })),
    threshold: rules.quorumRequired,
    cannotSeal: seal ? 'Your estate already has a seal.' : cannotSealBecause(status ?? 'planning', trustees, rules.quorumRequired),
  };
}
