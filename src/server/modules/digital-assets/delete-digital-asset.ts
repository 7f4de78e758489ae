import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { audit } from '../../lib/audit.ts';
import { inTransaction } from '../../db/client.ts';
import { dropSealed } from '../../sealed/sealed-contents.ts';
import { findOwnAsset } from '../../views/digital-asset-view.ts';

export async function deleteDigitalAsset(ctx: Ctx, id: string): Promise<void> {
  const asset = await findOwnAsset(ctx, id);
  await inTransaction(ctx.db, async (db) => {
    await dropSealed(db, 'digital-asset', asset.id);
    await db.delete(digitalAssets).where(eq(digitalAssets.id, asset.id));
  });
  await audit(ctx, { action: 'digital_asset.deleted', targetType: 'digital_asset', targetId: id });
}
