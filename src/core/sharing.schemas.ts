import { z } from 'zod';
import { zId } from './common.schemas.ts';

/** When beneficiaries see a shared memory or document: at once, or only after the estate is activated. */
export const RELEASES = ['now', 'after_activation'] as const;
export type Release = (typeof RELEASES)[number];
export const RELEASE_LABELS: Record<Release, string> = {
  now: 'Now',
  after_activation: 'After the estate is activated',
};

/** PUT /api/v1/{memories|documents}/:id/share — replaces who the item is shared with. */
export const ZShareRequest = z
  .object({
    /** Every beneficiary, including ones added later. */
    all: z.boolean(),
    /** Ignored when `all` is true. */
    beneficiaryIds: z.array(z.uuid()).max(200).default([]),
    release: z.enum(RELEASES),
  })
  .strict();
export type TShareRequest = z.infer<typeof ZShareRequest>;

/** Who an item is shared with, as the owner sees it. */
export const ZShareState = z.object({
  all: z.boolean(),
  beneficiaryIds: z.array(z.string()),
  release: z.enum(RELEASES),
  /** How many beneficiaries can see it ('Shared with N'): all of them when `all`. */
  count: z.number(),
});
export type TShareState = z.infer<typeof ZShareState>;

/** A beneficiary as share pickers and "shared with" lists name them. */
export const ZShareAudienceMember = z.object({ id: zId, name: z.string(), relationship: z.string() });
export type TShareAudienceMember = z.infer<typeof ZShareAudienceMember>;
