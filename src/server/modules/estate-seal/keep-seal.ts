import { and, eq } from 'drizzle-orm';
import type { TCreateSealRequest } from '../../../core/estate-seal.schemas.ts';
import type { BaseCtx } from '../../context.ts';
import type { Trustee } from '../../access/trustees.ts';
import { estateSeals, sealKits } from '../../db/schema/estate-seal.ts';
import { conflict } from '../../lib/app-error.ts';
import { notify } from '../../notices/notify.ts';
import { TRUSTEE_PAGE } from '../../safeguards/trustee-notices.ts';

/**
 * Inside the caller's transaction: keeps a seal the owner's browser made for `trustees` (in order)
 * and `threshold`, refusing (409, nothing kept) kits that do not match them — a page left open while
 * they changed — and tells each trustee a kit is coming. Returns the new seal's id.
 */
export async function keepSeal(tx: BaseCtx, estateId: string, ownerName: string, trustees: Trustee[], threshold: number, input: Omit<TCreateSealRequest, 'threshold'>): Promise<string> {
  const matches =
    input.kits.length === trustees.length &&
    input.kits.every((kit, i) => kit.shareIndex === i + 1 && kit.holderUserId === trustees[i]!.userId) &&
    new Set(input.kits.map((k) => k.fingerprint)).size === input.kits.length;
  if (!matches) throw conflict('Your trustees or the number needed changed while these kits were being made. Nothing was saved: start again, and print the new kits.');
  const [taken] = await tx.db
    .select({ id: estateSeals.id })
    .from(estateSeals)
    .where(and(eq(estateSeals.estateId, estateId), eq(estateSeals.sealTag, input.sealTag)));
  if (taken) throw conflict('These kits carry the reference of an earlier seal of yours. Nothing was saved: start again to make new kits.');
  const [seal] = await tx.db
    .insert(estateSeals)
    .values({ estateId, sealTag: input.sealTag, recipient: input.recipient, threshold, shareCount: input.kits.length, createdAt: tx.clock.now() })
    .returning({ id: estateSeals.id });
  await tx.db.insert(sealKits).values(input.kits.map((kit) => ({ sealId: seal!.id, ...kit })));
  for (const trustee of trustees) {
    await notify(tx, {
      userId: trustee.userId,
      type: 'estate',
      message: `${ownerName} made you an Emergency Kit: a page that, with other trustees' kits, opens what they sealed for their family. When it reaches you, keep it somewhere safe and confirm on your trustee page.`,
      link: TRUSTEE_PAGE,
    });
  }
  return seal!.id;
}
