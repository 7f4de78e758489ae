import { z } from 'zod';
import { zEmail, zId, zIsoDate, zPhone } from './common.schemas.ts';
import { zCursor, zPageSize } from './keyset.schemas.ts';
import { type ACCESS_FLAGS, RELATIONSHIPS } from './constants.ts';

/** Free text that PostgreSQL can store (no NUL characters), trimmed, with a length limit. */
export const zPlainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Use at most ${max} characters` })
    .refine((s) => !s.includes('\u0000'), { message: 'Contains a character that is not allowed' });
export const zRequiredText = (max: number) => zPlainText(max).pipe(z.string().min(1, { message: 'Required' }));

export const ZAccess = z.object({
  memories: z.boolean(),
  documents: z.boolean(),
  messages: z.boolean(),
  beneficiaries: z.boolean(),
  digitalLegacy: z.boolean(),
});
export type TAccess = z.infer<typeof ZAccess>;
export type TAccessFlag = (typeof ACCESS_FLAGS)[number];

/** invited: the invitation is out; active: they accepted and have their own sign-in. */
export const BENEFICIARY_STATUSES = ['invited', 'active'] as const;

export const ZBeneficiary = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  initials: z.string(),
  relationship: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string(),
  dateOfBirth: z.string().nullable(),
  access: ZAccess,
  status: z.enum(BENEFICIARY_STATUSES),
  invitedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TBeneficiary = z.infer<typeof ZBeneficiary>;

export const BENEFICIARY_PAGE_SIZE = 24;
/** GET /api/v1/beneficiaries — one page in name order ("First Last", id). */
export const ZBeneficiaryListQuery = z.object({ cursor: zCursor(['name', 'id']).optional(), limit: zPageSize(BENEFICIARY_PAGE_SIZE) }).strict();
export type TBeneficiaryListQuery = z.infer<typeof ZBeneficiaryListQuery>;

export const ZBeneficiaryList = z.object({
  items: z.array(ZBeneficiary),
  /** give back as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
  /** how many beneficiaries the owner has in all (at most MAX_BENEFICIARIES, so counted exactly) */
  total: z.number(),
});
export type TBeneficiaryList = z.infer<typeof ZBeneficiaryList>;

const zFirstName = zRequiredText(80);
const zLastName = zRequiredText(80);
const zNotes = zPlainText(2000);
const zDateOfBirth = zIsoDate.nullable();

export const ZCreateBeneficiaryRequest = z
  .object({
    firstName: zFirstName,
    lastName: zLastName,
    relationship: z.enum(RELATIONSHIPS, { message: 'Choose a relationship' }),
    email: zEmail,
    phone: zPhone.default(''),
    notes: zNotes.default(''),
    dateOfBirth: zDateOfBirth.optional(),
    /** flags not given take the wireframe defaults (memories, documents, messages on) */
    access: ZAccess.partial().strict().default({}),
  })
  .strict();
export type TCreateBeneficiaryRequest = z.input<typeof ZCreateBeneficiaryRequest>;

export const ZUpdateBeneficiaryRequest = z
  .object({
    firstName: zFirstName,
    lastName: zLastName,
    relationship: z.enum(RELATIONSHIPS, { message: 'Choose a relationship' }),
    email: zEmail,
    phone: zPhone,
    notes: zNotes,
    dateOfBirth: zDateOfBirth,
    access: ZAccess.partial().strict(),
  })
  .partial()
  .strict();
export type TUpdateBeneficiaryRequest = z.infer<typeof ZUpdateBeneficiaryRequest>;

/** "View Access": what this beneficiary can see right now, and what is shared with them in all. */
export const ZBeneficiaryAccessView = z.object({
  beneficiary: ZBeneficiary,
  estateStatus: z.string(),
  memories: z.object({ shared: z.number(), visibleNow: z.number() }),
  documents: z.object({ shared: z.number(), visibleNow: z.number() }),
  futureMessages: z.object({ scheduled: z.number(), delivered: z.number() }),
  /** other beneficiaries they can see (Beneficiaries flag) */
  beneficiaries: z.object({ count: z.number(), visible: z.boolean() }),
  /** digital assets they may handle (Digital Legacy flag) */
  digitalAssets: z.object({ count: z.number(), visible: z.boolean() }),
});
export type TBeneficiaryAccessView = z.infer<typeof ZBeneficiaryAccessView>;

/**
 * The estate administrator's View Access (GET /estate-admin/estates/:id/beneficiaries/:bid/access):
 * the beneficiary's phone, date of birth and the owner's notes about them are null until the estate
 * is active (ADR 0076).
 */
export const ZAdministeredBeneficiaryAccessView = ZBeneficiaryAccessView.extend({
  beneficiary: ZBeneficiary.extend({ phone: z.string().nullable(), notes: z.string().nullable() }),
  privateDetailsShown: z.boolean(),
});
export type TAdministeredBeneficiaryAccessView = z.infer<typeof ZAdministeredBeneficiaryAccessView>;

export const ZSendBeneficiaryMessageRequest = z
  .object({ subject: zRequiredText(200), body: zRequiredText(10_000) })
  .strict();
export type TSendBeneficiaryMessageRequest = z.infer<typeof ZSendBeneficiaryMessageRequest>;

export const ZBeneficiaryIdParams = z.object({ id: zId }).strict();
