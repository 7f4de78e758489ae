import { and, asc, eq } from 'drizzle-orm';
import type { TDigitalAssetList, TDigitalAssetListQuery } from '../../../core/digital-assets.schemas.ts';
import type { Ctx } from '../../context.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { afterCursor, ascending, keysetPage } from '../../lib/keyset.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { toDigitalAsset } from '../../views/digital-asset-view.ts';
import { sealRecipientOf } from '../../sealed/seal-recipient.ts';

/** One page of the owner's digital assets in name order (name, id), the order of digital_assets_estate_name_idx. */
export async function listDigitalAssets(ctx: Ctx, query: TDigitalAssetListQuery): Promise<TDigitalAssetList> {
  const estateId = ownEstateId(ctx);
  const [rows, seal] = await Promise.all([
    ctx.db
      .select()
      .from(digitalAssets)
      .where(and(eq(digitalAssets.estateId, estateId), afterCursor(ascending(digitalAssets.name, digitalAssets.id), query.cursor)))
      .orderBy(asc(digitalAssets.name), asc(digitalAssets.id))
      .limit(query.limit + 1),
    sealRecipientOf(ctx.db, estateId),
  ]);
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.name, r.id]);
  return { items: page.map(toDigitalAsset), nextCursor, seal };
}
