import type { TRevealedSecrets } from '../../../core/digital-assets.schemas.ts';
import type { Ctx } from '../../context.ts';
import { audit } from '../../lib/audit.ts';
import { conflict } from '../../lib/app-error.ts';
import { requireRecentConfirmation } from '../../identity/confirm-identity.ts';
import { findOwnAsset, openSecrets, secretsPart } from '../../views/digital-asset-view.ts';
import type { TSealedPart } from '../../../core/estate-seal.schemas.ts';
import { ownSealedPart } from '../../sealed/own-sealed-part.ts';

/**
 * The explicit reveal: decrypts the secrets for the owner and records that they were shown. The
 * asset is looked up first (another estate's id stays a 404), then the session must have confirmed
 * it is the owner in the last few minutes (403 CONFIRMATION_REQUIRED otherwise: the page asks).
 */
export async function revealDigitalAssetSecrets(ctx: Ctx, id: string): Promise<TRevealedSecrets> {
  const asset = await findOwnAsset(ctx, id);
  if (asset.secretsSealed) throw conflict('These secrets are sealed: open them with your Owner Kit.');
  await requireRecentConfirmation(ctx);
  const secrets = openSecrets(ctx, asset.secretsEnc);
  await audit(ctx, {
    action: 'digital_asset.secret_revealed',
    targetType: 'digital_asset',
    targetId: id,
    details: { kinds: Object.entries(secrets).filter(([, v]) => v !== '').map(([k]) => k) },
  });
  return secrets;
}

/** Sealed secrets as they were sealed, for the owner's browser to open with the Owner Kit (no server reveal: it cannot open them). */
export const getSealedSecrets = (ctx: Ctx, id: string): Promise<TSealedPart> => ownSealedPart(ctx, secretsPart(id), 'The sealed part of that digital asset');
