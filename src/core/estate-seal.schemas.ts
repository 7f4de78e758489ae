/**
 * The estate's seal (issue 27, ADR 0098): what the owner's browser sends when it makes a seal, what
 * the owner sees of it, and what a trustee sees of the kits they hold. No kit's words ever appear here.
 */
import { z } from 'zod';
import { zId } from './common.schemas.ts';

/** What a sealed item shows in place of its content wherever the content is not opened (ADR 0098). */
export const SEALED_TEXT = 'This is sealed. It opens only when enough trustees give their Emergency Kits, after the estate is activated.';
/** An armoured age file: sealed text as the owner's browser sends it. Room for a 20,000-character letter. */
export const SEALED_ARMOR_MAX = 60_000;

/** An age X25519 recipient: "age1" and 58 bech32 characters. */
export const zAgeRecipient = z.string().regex(/^age1[02-9ac-hj-np-z]{58}$/, { message: 'This is not a seal’s public key' });
const zFingerprint = z.string().regex(/^[0-9a-f]{64}$/);
const zCheckGroup = z.string().regex(/^[0-9A-Z]{4}$/);
/**
 * A seal's reference, printed on its kits. Every sealed part the owner's browser sends carries the tag
 * of the seal it was sealed to: the server keeps it only while that seal is still the estate's.
 */
export const ZSealTag = z.string().regex(/^[0-9a-f]{8}$/, { message: 'This is not one of your seals' });

const sealFields = {
  recipient: zAgeRecipient,
  sealTag: ZSealTag,
  threshold: z.number().int().min(2),
  /** One per trustee, in the trustees' order; share k of N goes to the k-th. */
  kits: z
    .array(z.object({ shareIndex: z.number().int().min(1), holderUserId: zId, fingerprint: zFingerprint, checkGroup: zCheckGroup }).strict())
    .min(2)
    .max(20),
};
export const ZCreateSealRequest = z.object(sealFields).strict();
export type TCreateSealRequest = z.infer<typeof ZCreateSealRequest>;

export const SEALED_ITEM_TYPES = ['future-message', 'memory', 'digital-asset', 'document'] as const;
export const SEALED_PART_NAMES = ['body', 'story', 'secrets', 'file'] as const;
/** A sealed part as the owner's browser opens and seals it again: armoured text, or (a document's) a stored age file. */
export const ZSealedItemPart = z.object({
  itemType: z.enum(SEALED_ITEM_TYPES),
  itemId: zId,
  part: z.enum(SEALED_PART_NAMES),
  /** a text part's armoured age file */
  armored: z.string().nullable(),
  /** a file part's stored age file, to download (GET /api/v1/files/:fileId) */
  fileId: zId.nullable(),
});
export type TSealedItemPart = z.infer<typeof ZSealedItemPart>;
/** GET estate-seal/items: every sealed part of the current seal, for re-sealing with the Owner Kit. */
export const ZSealedItemParts = z.object({ sealTag: z.string(), items: z.array(ZSealedItemPart) });
export type TSealedItemParts = z.infer<typeof ZSealedItemParts>;

/** How many sealed parts one re-sealing carries at most (each is one part of the multipart request). */
export const RESEAL_PARTS_MAX = 2000;
/** The multipart part that carries one sealed part when re-sealing: "document:<id>:file". */
export const resealPartName = (p: { itemType: string; itemId: string; part: string }) => `${p.itemType}:${p.itemId}:${p.part}`;

/**
 * Re-sealing (ADR 0098, 0099), the `request` field of a multipart POST: new trustees and number
 * needed, a new key and kits made in the browser. Every sealed part follows as its own part, named
 * by resealPartName, sealed again to the new key; all are kept at once. `previousSealTag` names the
 * seal replaced.
 */
export const ZResealRequest = z
  .object({
    ...sealFields,
    previousSealTag: z.string().regex(/^[0-9a-f]{8}$/),
    trusteeUserIds: z
      .array(zId)
      .min(2)
      .max(20)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'Name each trustee only once' }),
  })
  .strict()
  .refine((r) => r.threshold <= r.trusteeUserIds.length, { path: ['threshold'], message: 'Ask at most as many trustees as you name' });
export type TResealRequest = z.infer<typeof ZResealRequest>;

export const ZSealKitHolder = z.object({
  shareIndex: z.number().int(),
  holderName: z.string().nullable(),
  /** when the holder confirmed they stored their kit (null: not yet) */
  storedAt: z.string().nullable(),
});

export const ZEstateSeal = z.object({
  /** null: the estate has no seal yet */
  seal: z
    .object({
      recipient: z.string(),
      sealTag: z.string(),
      threshold: z.number().int(),
      shareCount: z.number().int(),
      createdAt: z.string(),
      kits: z.array(ZSealKitHolder),
      sealedItems: z.number().int(),
      /** GET it for the Legacy Capsule */
      capsuleUrl: z.string(),
      /** when the owner last downloaded the capsule, and when a sealed item last changed (null: never) */
      capsuleMadeAt: z.string().nullable(),
      sealedChangedAt: z.string().nullable(),
      /** who downloaded a capsule of an older seal, which that seal's kits still open (ADR 0112) */
      olderCapsules: z.array(z.object({ name: z.string(), madeAt: z.string(), you: z.boolean() })),
    })
    .nullable(),
  /** the trustees a new seal would be split between, in order, and how many must come together */
  trustees: z.array(z.object({ userId: zId, name: z.string() })),
  threshold: z.number().int(),
  /** who may hold a kit: the owner's beneficiaries and support team with an account */
  candidates: z.array(z.object({ userId: zId, name: z.string() })),
  /** why a seal cannot be made now, in words for the owner (null: it can) */
  cannotSeal: z.string().nullable(),
});
export type TEstateSeal = z.infer<typeof ZEstateSeal>;

/** A kit the signed-in person holds for someone's estate. */
export const ZHeldKit = z.object({
  kitId: zId,
  /** for the estate's Legacy Capsule */
  estateId: zId,
  ownerName: z.string(),
  shareIndex: z.number().int(),
  shareCount: z.number().int(),
  threshold: z.number().int(),
  sealTag: z.string(),
  storedAt: z.string().nullable(),
  /** the estate is active: kits may be given now */
  canGive: z.boolean(),
  givenAt: z.string().nullable(),
  /** how many of the trustees' kits have been given so far */
  kitsGiven: z.number().int(),
  /** M kits were given: what was sealed is open for those it was left to */
  opened: z.boolean(),
});
export type THeldKit = z.infer<typeof ZHeldKit>;
export const ZHeldKits = z.object({ items: z.array(ZHeldKit) });
export type THeldKits = z.infer<typeof ZHeldKits>;


/** The estate's seal as a screen that seals items needs it: to seal to in the browser (null: none made yet). */
export const ZSealRecipient = z.object({ recipient: z.string(), sealTag: z.string() }).nullable();
export type TSealRecipient = z.infer<typeof ZSealRecipient>;

/** GET …/sealed: the sealed part as the owner's browser opens it with the Owner Kit. */
export const ZSealedPart = z.object({ armored: z.string(), sealTag: z.string() });
export type TSealedPart = z.infer<typeof ZSealedPart>;

export const ZConfirmKitStoredRequest = z.object({ checkGroup: z.string().trim().min(1).max(20) }).strict();
export const ZGiveKitRequest = z.object({ kit: z.string().max(400) }).strict();
export const ZEstateIdParams = z.object({ estateId: zId }).strict();
export const ZKitIdParams = z.object({ kitId: zId }).strict();
