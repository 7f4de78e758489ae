import { and, eq, isNotNull } from 'drizzle-orm';
import type { THeldKit } from '../../../core/estate-seal.schemas.ts';
import { decodeKit, KitError, bytesToHex, hexToBytes, type Kit } from '../../../core/seal/kit-codec.ts';
import { KIT_PROBLEM_WORDS } from '../../../core/seal/kit-words.ts';
import { openSeal, shareFingerprint } from '../../../core/seal/seal-keys.ts';
import type { Ctx } from '../../context.ts';
import { heldKit } from '../../access/estate-seal.ts';
import { estateSeals, sealKits } from '../../db/schema/estate-seal.ts';
import { inMailTransaction } from '../../mail/mailer.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { heldKitView } from './held-kits.ts';
import { tellSealOpened } from './seal-opened.ts';

type Held = NonNullable<Awaited<ReturnType<typeof heldKit>>>;

/** Reads the typed code, refusing (400) a kit that is not this holder's, with what to do instead. */
async function readOwnKit(ctx: Ctx, held: Held, words: string): Promise<Kit> {
  const { ownerName } = held;
  let kit: Kit;
  try {
    kit = decodeKit(words);
  } catch (error) {
    if (error instanceof KitError) throw badRequest(KIT_PROBLEM_WORDS[error.problem], { kit: 'Check the code' });
    throw error;
  }
  if (kit.kind === 'owner') throw badRequest(`This is ${ownerName}'s Owner Kit, not a trustee's kit. Give the kit that has your name on it.`, { kit: 'Give your own kit' });
  if (kit.sealTag !== held.sealTag) {
    const [old] = await ctx.db.select({ retiredAt: estateSeals.retiredAt }).from(estateSeals).where(and(eq(estateSeals.sealTag, kit.sealTag), eq(estateSeals.estateId, held.estateId)));
    throw badRequest(
      old ? `This kit is from an older seal that ${ownerName} replaced; it no longer opens anything. Look for a newer kit with the same name on it.` : 'This kit belongs to another seal, not this one.',
      { kit: 'This kit does not belong to this seal' },
    );
  }
  if (shareFingerprint(kit.secret) !== held.fingerprint) {
    throw badRequest(`This is kit ${kit.index} of ${kit.count}, another trustee's. Each trustee gives their own kit, the one with their name on it.`, { kit: 'Give your own kit' });
  }
  return kit;
}

/**
 * A trustee gives their kit, after activation only (before, it is refused unread: nothing of it is
 * kept or logged). Kept under the master key; when M kits are in, the seal is opened once, under the
 * seal's lock, and the people sealed items were left to are told.
 */
export async function giveKit(ctx: Ctx, kitId: string, words: string): Promise<THeldKit> {
  const held = await heldKit(ctx.db, ctx.actor.userId, kitId);
  if (!held) throw notFound('That kit');
  if (held.estateStatus !== 'active') {
    throw conflict(
      `Kits are taken only after ${held.ownerName}'s estate is activated: once their passing has been reported, confirmed by the trustees and checked, and the waiting period is over. Keep your kit safe until then.`,
    );
  }
  const kit = await readOwnKit(ctx, held, words);
  await inMailTransaction(ctx, async (tx) => {
    const [seal] = await tx.db.select().from(estateSeals).where(eq(estateSeals.id, held.sealId)).for('update');
    if (!seal) throw notFound('That kit');
    const [row] = await tx.db.select({ givenAt: sealKits.givenAt }).from(sealKits).where(eq(sealKits.id, kitId));
    if (row?.givenAt) return;
    const now = ctx.clock.now();
    await tx.db
      .update(sealKits)
      .set({ givenShareEnc: ctx.secrets.encrypt(bytesToHex(kit.secret)), givenAt: now })
      .where(eq(sealKits.id, kitId));
    await audit(tx, { action: 'estate_seal.kit_given', estateId: held.estateId, targetType: 'seal_kit', targetId: kitId });
    if (seal.openedAt) return;
    const given = await tx.db
      .select({ shareEnc: sealKits.givenShareEnc })
      .from(sealKits)
      .where(and(eq(sealKits.sealId, seal.id), isNotNull(sealKits.givenAt)));
    if (given.length < seal.threshold) return;
    const shares = given.map((g) => ({ ...kit, secret: hexToBytes(ctx.secrets.decrypt(g.shareEnc!)) }));
    const identity = await openSeal(shares, seal);
    await tx.db.update(estateSeals).set({ openedIdentityEnc: ctx.secrets.encrypt(identity), openedAt: now }).where(eq(estateSeals.id, seal.id));
    await audit(tx, { action: 'estate_seal.opened', estateId: held.estateId, targetType: 'estate_seal', targetId: seal.id, details: { kits: given.length } });
    await tellSealOpened(tx, held.estateId, held.ownerName);
  });
  return heldKitView(ctx, kitId);
}
