import type { TCreateDigitalAssetRequest, TDigitalAsset } from '../../../core/digital-assets.schemas.ts';
import type { Ctx } from '../../context.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { audit } from '../../lib/audit.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { emptySecrets, sealSecrets, toDigitalAsset } from '../../views/digital-asset-view.ts';

export async function createDigitalAsset(ctx: Ctx, input: TCreateDigitalAssetRequest): Promise<TDigitalAsset> {
  const estateId = ownEstateId(ctx);
  const now = ctx.clock.now();
  const { secrets, ...fields } = input;
  const [row] = await ctx.db
    .insert(digitalAssets)
    .values({
      estateId,
      ...fields,
      secretsEnc: sealSecrets(ctx, { ...emptySecrets(), ...secrets }),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await audit(ctx, { action: 'digital_asset.created', targetType: 'digital_asset', targetId: row!.id, details: { hasSecrets: row!.secretsEnc !== null } });
  return toDigitalAsset(row!);
}
