import { eq } from 'drizzle-orm';
import type { TEstateSeal, TResealRequest, TSealedItemParts } from '../../../core/estate-seal.schemas.ts';
import type { Ctx } from '../../context.ts';
import { currentSealOf } from '../../access/estate-seal.ts';
import { trusteesOf } from '../../access/trustees.ts';
import { estateSeals, sealedContents } from '../../db/schema/estate-seal.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { lockEstateForSafeguards, saveReleaseRules } from '../../safeguards/safeguards-edit.ts';
import { replaceTrustees } from '../../safeguards/replace-trustees.ts';
import { putSealed, type SealedItemType, type SealedPartName } from '../../sealed/sealed-contents.ts';
import { releaseRulesOf } from '../../settings/release-rules-of.ts';
import { getEstateSeal } from './get-estate-seal.ts';
import { keepSeal } from './keep-seal.ts';

const keyOf = (p: { itemType: string; itemId: string; part: string }) => `${p.itemType}/${p.itemId}/${p.part}`;

/** Every sealed part of the current seal, still sealed: the owner's browser opens them with the Owner Kit to seal them again. */
export async function listSealedParts(ctx: Ctx): Promise<TSealedItemParts> {
  const estateId = ownEstateId(ctx, 'Your seal');
  const seal = await currentSealOf(ctx.db, estateId);
  if (!seal) throw notFound('Your seal');
  const rows = await ctx.db
    .select({ itemType: sealedContents.itemType, itemId: sealedContents.itemId, part: sealedContents.part, armoredEnc: sealedContents.armoredEnc })
    .from(sealedContents)
    .where(eq(sealedContents.sealId, seal.id));
  return {
    sealTag: seal.sealTag,
    items: rows.map((r) => ({ itemType: r.itemType as SealedItemType, itemId: r.itemId, part: r.part as SealedPartName, armored: ctx.secrets.decrypt(r.armoredEnc) })),
  };
}

/**
 * Re-sealing: new trustees (in order) and number needed, the new seal and its kits, and every sealed
 * part sealed again to it, kept in one transaction. The old seal is retired and no part stays sealed
 * to it, so its kits open nothing the server or a new capsule holds. Refused whole (409) when the
 * seal or the sealed parts changed meanwhile.
 */
export async function reseal(ctx: Ctx, input: TResealRequest): Promise<TEstateSeal> {
  const estateId = ownEstateId(ctx, 'Your seal');
  await inMailTransaction(ctx, async (tx) => {
    await lockEstateForSafeguards(tx.db, estateId);
    const old = await currentSealOf(tx.db, estateId);
    if (!old) throw notFound('Your seal');
    if (old.sealTag !== input.previousSealTag) throw conflict('Your seal was changed on another page meanwhile. Nothing was saved: open Sealing again and start over.');
    const held = await tx.db
      .select({ itemType: sealedContents.itemType, itemId: sealedContents.itemId, part: sealedContents.part })
      .from(sealedContents)
      .where(eq(sealedContents.sealId, old.id));
    const given = new Set(input.items.map(keyOf));
    if (given.size !== input.items.length || held.length !== given.size || held.some((h) => !given.has(keyOf(h)))) {
      throw conflict('Your sealed items changed while they were being sealed again. Nothing was saved: start over.');
    }
    await replaceTrustees(tx, estateId, input.trusteeUserIds);
    const rules = await releaseRulesOf(tx.db, estateId);
    await saveReleaseRules(tx.db, estateId, { ...rules, quorumRequired: input.threshold }, ctx.clock.now());
    await tx.db.update(estateSeals).set({ retiredAt: ctx.clock.now() }).where(eq(estateSeals.id, old.id));
    const sealId = await keepSeal(tx, estateId, ctx.actor.name, await trusteesOf(tx.db, estateId), input.threshold, input);
    for (const item of input.items) await putSealed(tx, { ...item, sealId, estateId });
    await audit(tx, { action: 'estate_seal.resealed', estateId, targetType: 'estate_seal', targetId: sealId, details: { threshold: input.threshold, kits: input.kits.length, items: input.items.length } });
  });
  return getEstateSeal(ctx);
}
