import { eq } from 'drizzle-orm';
import type { TDigitalAsset, TUpdateDigitalAssetRequest } from '../../../core/digital-assets.schemas.ts';
import type { Ctx } from '../../context.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { audit } from '../../lib/audit.ts';
import { emptySecrets, findOwnAsset, openSecrets, sealSecrets, secretsPart, toDigitalAsset } from '../../views/digital-asset-view.ts';
import { inTransaction } from '../../db/client.ts';
import { dropSealed } from '../../sealed/sealed-contents.ts';
import { sealToCurrentSeal } from '../../sealed/seal-item.ts';

/** Edit: given fields change; in `secrets`, given keys replace (empty removes), `null` removes all. */
export async function updateDigitalAsset(ctx: Ctx, id: string, input: TUpdateDigitalAssetRequest): Promise<TDigitalAsset> {
  const asset = await findOwnAsset(ctx, id);
  const { secrets, sealedSecrets, sealTag, ...fields } = input;
  const changes: Partial<typeof digitalAssets.$inferInsert> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  if (sealedSecrets) Object.assign(changes, { secretsEnc: null, secretsSealed: true });
  else if (secrets === null) Object.assign(changes, { secretsEnc: null, secretsSealed: false });
  else if (secrets && (Object.keys(secrets).length || asset.secretsSealed)) {
    // sealed secrets cannot be merged here: what the browser opened and sends replaces them all
    const kept = asset.secretsSealed ? emptySecrets() : openSecrets(ctx, asset.secretsEnc);
    Object.assign(changes, { secretsEnc: sealSecrets(ctx, { ...kept, ...secrets }), secretsSealed: false });
  }
  const row = await inTransaction(ctx.db, async (db) => {
    if (sealedSecrets && sealTag) await sealToCurrentSeal({ ...ctx, db }, asset.estateId, sealTag, secretsPart(asset.id), sealedSecrets);
    else if (changes.secretsSealed === false) await dropSealed(db, 'digital-asset', asset.id);
    const [updated] = await db
      .update(digitalAssets)
      .set({ ...changes, updatedAt: ctx.clock.now() })
      .where(eq(digitalAssets.id, asset.id))
      .returning();
    return updated;
  });
  await audit(ctx, {
    action: 'digital_asset.updated',
    targetType: 'digital_asset',
    targetId: id,
    details: { fields: Object.keys(changes).filter((k) => k !== 'secretsEnc' && k !== 'secretsSealed'), secretsChanged: 'secretsEnc' in changes, sealed: row!.secretsSealed },
  });
  return toDigitalAsset(row!);
}
