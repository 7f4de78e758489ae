import { z } from 'zod';
import { zOptionalText } from './common.schemas.ts';
import { SEALED_ARMOR_MAX, ZSealRecipient, ZSealTag } from './estate-seal.schemas.ts';
import { zCursor, zPageSize } from './keyset.schemas.ts';
import { isArmoredAge } from './seal/armor.ts';
import { PLAYBOOK_ACTION_KEYS, playbookFields } from './playbook.schemas.ts';

/** How a digital asset's card is drawn (wireframe §2 item 2): the icon depends on which fields exist. */
export type DigitalAssetIcon = 'institution' | 'account' | 'storage' | 'default';

/** institution → bank/building; else username → account; else size → storage/cloud; otherwise a default. */
export function digitalAssetIcon(asset: { institution?: string | null; username?: string | null; size?: string | null }): DigitalAssetIcon {
  if (asset.institution?.trim()) return 'institution';
  if (asset.username?.trim()) return 'account';
  if (asset.size?.trim()) return 'storage';
  return 'default';
}

export const DIGITAL_ASSET_STATUSES = ['Active', 'Inactive', 'Closed'] as const;

export const ZDigitalAssetSecrets = z
  .object({
    password: z.string().max(500).optional(),
    recoveryCodes: z.string().max(5000).optional(),
    accessInstructions: z.string().max(10_000).optional(),
  })
  .strict();
export type TDigitalAssetSecrets = z.infer<typeof ZDigitalAssetSecrets>;

const assetFields = {
  name: z.string().trim().min(1, { message: 'Give the asset a name' }).max(200),
  institution: zOptionalText(200, 'The institution'),
  username: zOptionalText(200, 'The username'),
  platform: zOptionalText(200, 'The platform'),
  status: z.enum(DIGITAL_ASSET_STATUSES).default('Active'),
  size: zOptionalText(50, 'The size'),
  url: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || /^https?:\/\//i.test(v), { message: 'Use a web address starting with http:// or https://' })
    .transform((v) => v || null)
    .nullable()
    .optional(),
  ...playbookFields,
};

/**
 * Sealed secrets (ADR 0100): the three secrets as JSON, sealed in the owner's browser to the estate's
 * seal and sent armoured. They replace whatever secrets were stored.
 */
const zSealedSecrets = z.string().max(SEALED_ARMOR_MAX).refine(isArmoredAge, { message: 'Sealed secrets must be sealed in your browser before they are sent' });
/** `sealedSecrets` comes with `sealTag`, the seal they were sealed to, and neither comes alone. */
const sealedTogether = (r: { sealedSecrets?: string | undefined; sealTag?: string | undefined }) => Boolean(r.sealedSecrets) === Boolean(r.sealTag);
const sealedTogetherIssue = { path: ['sealTag'], message: 'Send sealed secrets with the seal they were sealed to (sealTag), and only then' };

export const ZCreateDigitalAssetRequest = z
  .object({ ...assetFields, secrets: ZDigitalAssetSecrets.optional(), sealedSecrets: zSealedSecrets.optional(), sealTag: ZSealTag.optional() })
  .strict()
  .refine((r) => !(r.secrets && r.sealedSecrets), { path: ['sealedSecrets'], message: 'Send the secrets sealed or not, not both' })
  .refine(sealedTogether, sealedTogetherIssue);
export type TCreateDigitalAssetRequest = z.infer<typeof ZCreateDigitalAssetRequest>;
export type TCreateDigitalAssetInput = z.input<typeof ZCreateDigitalAssetRequest>;

/**
 * PATCH: every field optional. In `secrets`, a key that is present replaces that secret (an empty
 * string removes it); a missing key keeps it — except when they are sealed: the server cannot open
 * them, so `secrets` then replaces them all and unseals them. `secrets: null` removes them all;
 * `sealedSecrets` replaces them all, sealed.
 */
export const ZUpdateDigitalAssetRequest = z
  .object({
    name: assetFields.name.optional(),
    institution: assetFields.institution,
    username: assetFields.username,
    platform: assetFields.platform,
    status: z.enum(DIGITAL_ASSET_STATUSES).optional(),
    size: assetFields.size,
    url: assetFields.url,
    ...playbookFields,
    secrets: ZDigitalAssetSecrets.nullable().optional(),
    sealedSecrets: zSealedSecrets.optional(),
    sealTag: ZSealTag.optional(),
  })
  .strict()
  .refine((r) => !(r.secrets !== undefined && r.sealedSecrets), { path: ['sealedSecrets'], message: 'Send the secrets sealed or not, not both' })
  .refine(sealedTogether, sealedTogetherIssue);
export type TUpdateDigitalAssetRequest = z.infer<typeof ZUpdateDigitalAssetRequest>;

/** An asset as lists show it: never its secrets, only which kinds are stored. */
export const ZDigitalAsset = z.object({
  id: z.string(),
  name: z.string(),
  institution: z.string().nullable(),
  username: z.string().nullable(),
  platform: z.string().nullable(),
  status: z.string(),
  size: z.string().nullable(),
  url: z.string().nullable(),
  /** Whether any secret (password, recovery codes, access instructions) is stored, encrypted. */
  hasSecrets: z.boolean(),
  /** The secrets are sealed: only the Owner Kit opens them (and, after activation, the trustees' kits, in the capsule). */
  sealed: z.boolean(),
  /** Executor playbook: what to do after activation, where the two-factor device is, a note. */
  afterDeathAction: z.enum(PLAYBOOK_ACTION_KEYS).nullable(),
  twoFactorDevice: z.string().nullable(),
  afterDeathNote: z.string().nullable(),
  lastUpdated: z.string(),
});
export type TDigitalAsset = z.infer<typeof ZDigitalAsset>;

export const DIGITAL_ASSET_PAGE_SIZE = 24;
/** GET /api/v1/digital-assets — one page in name order (name, id). */
export const ZDigitalAssetListQuery = z.object({ cursor: zCursor(['name', 'id']).optional(), limit: zPageSize(DIGITAL_ASSET_PAGE_SIZE) }).strict();
export type TDigitalAssetListQuery = z.infer<typeof ZDigitalAssetListQuery>;

export const ZDigitalAssetList = z.object({
  items: z.array(ZDigitalAsset),
  /** give back as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
  /** The estate's seal, to seal secrets to in the browser (null: none made yet). */
  seal: ZSealRecipient,
});
export type TDigitalAssetList = z.infer<typeof ZDigitalAssetList>;

/** POST /api/v1/digital-assets/:id/reveal — the explicit, audit-logged reveal. */
export const ZRevealedSecrets = z.object({
  password: z.string(),
  recoveryCodes: z.string(),
  accessInstructions: z.string(),
});
export type TRevealedSecrets = z.infer<typeof ZRevealedSecrets>;

export const SECRET_LABELS = {
  password: 'Password',
  recoveryCodes: 'Recovery codes',
  accessInstructions: 'Access instructions',
} as const;
