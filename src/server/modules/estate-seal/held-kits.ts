import type { THeldKit, THeldKits } from '../../../core/estate-seal.schemas.ts';
import { fromBase32 } from '../../../core/seal/kit-codec.ts';
import type { Ctx } from '../../context.ts';
import { heldKit, heldKitsOf } from '../../access/estate-seal.ts';
import { inTransaction } from '../../db/client.ts';
import { sealKits } from '../../db/schema/estate-seal.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { and, eq, isNull } from 'drizzle-orm';

type HeldRow = NonNullable<Awaited<ReturnType<typeof heldKit>>>;
const toHeldKit = (row: HeldRow): THeldKit => ({
  kitId: row.kitId,
  estateId: row.estateId,
  ownerName: row.ownerName,
  shareIndex: row.shareIndex,
  shareCount: row.shareCount,
  threshold: row.threshold,
  sealTag: row.sealTag,
  storedAt: row.storedAt?.toISOString() ?? null,
  canGive: row.estateStatus === 'active' && !row.givenAt,
  givenAt: row.givenAt?.toISOString() ?? null,
  kitsGiven: row.kitsGiven,
  opened: row.openedAt !== null,
});

/** One kit the signed-in person holds, as the trustee page shows it. */
export async function heldKitView(ctx: Ctx, kitId: string): Promise<THeldKit> {
  const row = await heldKit(ctx.db, ctx.actor.userId, kitId);
  if (!row) throw notFound('That kit');
  return toHeldKit(row);
}

/** The Emergency Kits the signed-in person holds, and whether they have said they stored each. */
export async function listHeldKits(ctx: Ctx): Promise<THeldKits> {
  return { items: (await heldKitsOf(ctx.db, ctx.actor.userId)).map(toHeldKit) };
}

/** The characters as the kit prints them: typing O for 0, I or L for 1, lower case or spaces is forgiven. */
function asPrinted(typed: string): string | null {
  const bytes = fromBase32(typed);
  const clean = typed.toUpperCase().replace(/[\s-]/g, '');
  return bytes && clean.length === 4 ? clean.replace(/O/g, '0').replace(/[IL]/g, '1') : null;
}

/**
 * "I have stored my kit": the holder types the last four characters printed on it, which proves the
 * page reached them (the server knows only those four characters, never the kit). Saying it twice
 * keeps the first time.
 */
export async function confirmKitStored(ctx: Ctx, kitId: string, typed: string): Promise<THeldKit> {
  const row = await heldKit(ctx.db, ctx.actor.userId, kitId);
  if (!row) throw notFound('That kit');
  const printed = asPrinted(typed);
  if (printed === null || printed !== row.checkGroup) {
    throw badRequest('Those characters do not match your kit. Type the last four characters printed on it, at the end of the long code.', {
      checkGroup: 'Type the last four characters of your kit',
    });
  }
  if (!row.storedAt) {
    await inTransaction(ctx.db, async (db) => {
      await db
        .update(sealKits)
        .set({ storedAt: ctx.clock.now() })
        .where(and(eq(sealKits.id, kitId), isNull(sealKits.storedAt)));
      await audit({ ...ctx, db }, { action: 'estate_seal.kit_stored', estateId: row.estateId, targetType: 'seal_kit', targetId: kitId });
    });
  }
  return heldKitView(ctx, kitId);
}

