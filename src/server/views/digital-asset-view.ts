import { and, eq } from 'drizzle-orm';
import type { TDigitalAsset, TDigitalAssetSecrets } from '../../core/digital-assets.schemas.ts';
import { PLAYBOOK_ACTIONS, type PlaybookAction } from '../../core/playbook.schemas.ts';
import type { Ctx } from '../context.ts';
import { digitalAssets } from '../db/schema/digital-assets.ts';
import { notFound } from '../lib/app-error.ts';
import { ownEstateId } from '../lib/scope.ts';
import type { SealedPartKey } from '../sealed/sealed-contents.ts';

export type DigitalAssetRow = typeof digitalAssets.$inferSelect;
export type StoredSecrets = Required<TDigitalAssetSecrets>;
const SECRET_KEYS = ['password', 'recoveryCodes', 'accessInstructions'] as const;

export const emptySecrets = (): StoredSecrets => ({ password: '', recoveryCodes: '', accessInstructions: '' });

/** Decrypts an asset's secrets (only the reveal and edit paths call this). */
export function openSecrets(ctx: Pick<Ctx, 'secrets'>, sealed: string | null): StoredSecrets {
  if (!sealed) return emptySecrets();
  const value = JSON.parse(ctx.secrets.decrypt(sealed)) as Partial<StoredSecrets>;
  return { ...emptySecrets(), ...value };
}

/** Seals the non-empty secrets as JSON under the master key; null when there are none. */
export function sealSecrets(ctx: Pick<Ctx, 'secrets'>, secrets: StoredSecrets): string | null {
  const stored = SECRET_KEYS.filter((k) => secrets[k].trim() !== '');
  if (!stored.length) return null;
  return ctx.secrets.encrypt(JSON.stringify(Object.fromEntries(stored.map((k) => [k, secrets[k]]))));
}

/** Where an asset's sealed secrets are kept (ADR 0100). */
export const secretsPart = (assetId: string): SealedPartKey => ({ itemType: 'digital-asset', itemId: assetId, part: 'secrets' });

/** A stored action, or null for anything that is not one (the column is plain text). */
export const toPlaybookAction = (value: string | null): PlaybookAction | null => (value && value in PLAYBOOK_ACTIONS ? (value as PlaybookAction) : null);

/** An asset as lists show it: never its secrets, only whether there are any. */
export function toDigitalAsset(row: DigitalAssetRow): TDigitalAsset {
  return {
    id: row.id,
    name: row.name,
    institution: row.institution,
    username: row.username,
    platform: row.platform,
    status: row.status,
    size: row.size,
    url: row.url,
    hasSecrets: row.secretsEnc !== null || row.secretsSealed,
    sealed: row.secretsSealed,
    afterDeathAction: toPlaybookAction(row.afterDeathAction),
    twoFactorDevice: row.twoFactorDevice,
    afterDeathNote: row.afterDeathNote,
    lastUpdated: row.updatedAt.toISOString(),
  };
}

export async function findOwnAsset(ctx: Ctx, id: string): Promise<DigitalAssetRow> {
  const [row] = await ctx.db
    .select()
    .from(digitalAssets)
    .where(and(eq(digitalAssets.id, id), eq(digitalAssets.estateId, ownEstateId(ctx, 'That digital asset'))));
  if (!row) throw notFound('That digital asset');
  return row;
}
