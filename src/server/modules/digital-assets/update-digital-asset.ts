import { eq } from 'drizzle-orm';
import type { TDigitalAsset, TUpdateDigitalAssetRequest } from '../../../core/digital-assets.schemas.ts';
import type { Ctx } from '../../context.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { audit } from '../../lib/audit.ts';
import { findOwnAsset, openSecrets, sealSecrets, toDigitalAsset } from '../../views/digital-asset-view.ts';

/** Edit: given fields change; in `secrets`, given keys replace (empty removes), `null` removes all. */
export async function updateDigitalAsset(ctx: Ctx, id: string, input: TUpdateDigitalAssetRequest): Promise<TDigitalAsset> {
  const asset = await findOwnAsset(ctx, id);
  const { secrets, ...fields } = input;
  const changes: Partial<typeof digitalAssets.$inferInsert> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  if (secrets === null) changes.secretsEnc = null;
  else if (secrets && Object.keys(secrets).length) {
    changes.secretsEnc = sealSecrets(ctx, { ...openSecrets(ctx, asset.secretsEnc), ...secrets });
  }
  const [row] = await ctx.db
    .update(digitalAssets)
    .set({ ...changes, updatedAt: ctx.clock.now() })
    .where(eq(digitalAssets.id, asset.id))
    .returning();
  await audit(ctx, {
    action: 'digital_asset.updated',
    targetType: 'digital_asset',
    targetId: id,
    details: { fields: Object.keys(changes).filter((k) => k !== 'secretsEnc'), secretsChanged: 'secretsEnc' in changes },
  });
  return toDigitalAsset(row!);
}
