import { asc, eq } from 'drizzle-orm';
import type { TDigitalAssetList } from '../../../core/digital-assets.schemas.ts';
import type { Ctx } from '../../context.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { ownEstateId } from '../../lib/scope.ts';
import { toDigitalAsset } from './digital-asset-view.ts';

export async function listDigitalAssets(ctx: Ctx): Promise<TDigitalAssetList> {
  const rows = await ctx.db
    .select()
    .from(digitalAssets)
    .where(eq(digitalAssets.estateId, ownEstateId(ctx)))
    .orderBy(asc(digitalAssets.name), asc(digitalAssets.createdAt));
  return { items: rows.map(toDigitalAsset) };
}
