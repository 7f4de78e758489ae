import type { TCreateDigitalAssetRequest, TDigitalAsset } from '../../../core/digital-assets.schemas.ts';
import type { Ctx } from '../../context.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { audit } from '../../lib/audit.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { emptySecrets, sealSecrets, secretsPart, toDigitalAsset } from '../../views/digital-asset-view.ts';
import { inTransaction } from '../../db/client.ts';
import { sealToCurrentSeal } from '../../sealed/seal-item.ts';

export async function createDigitalAsset(ctx: Ctx, input: TCreateDigitalAssetRequest): Promise<TDigitalAsset> {
  const estateId = ownEstateId(ctx);
  const now = ctx.clock.now();
  const { secrets, sealedSecrets, sealTag, ...fields } = input;
  const row = await inTransaction(ctx.db, async (db) => {
    const [created] = await db
      .insert(digitalAssets)
      .values({
        estateId,
        ...fields,
        secretsEnc: sealedSecrets ? null : sealSecrets(ctx, { ...emptySecrets(), ...secrets }),
        secretsSealed: Boolean(sealedSecrets),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (sealedSecrets && sealTag) await sealToCurrentSeal({ ...ctx, db }, estateId, sealTag, secretsPart(created!.id), sealedSecrets);
    return created;
  });
  await audit(ctx, { action: 'digital_asset.created', targetType: 'digital_asset', targetId: row!.id, details: { hasSecrets: row!.secretsEnc !== null || row!.secretsSealed, sealed: row!.secretsSealed } });
  return toDigitalAsset(row!);
}
