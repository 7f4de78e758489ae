/**
 * The estate's inventory (issue 28 item 2, ADR 0103): each thing the executor has to find, value and
 * settle, with the letter to its institution (item 3). The owner may pre-fill entries while planning.
 */
import { z } from 'zod';
import { zId, zOptionalText } from './common.schemas.ts';
import { zCursor, zPageSize } from './keyset.schemas.ts';

export const INVENTORY_KINDS = {
  bank_account: 'Bank account',
  investment_account: 'Investment account',
  pension: 'Pension',
  insurance_policy: 'Insurance policy',
  property: 'Property',
  vehicle: 'Vehicle',
  debt: 'Debt',
  subscription: 'Subscription',
  online_account: 'Online account',
  other: 'Other',
} as const;
export type InventoryKind = keyof typeof INVENTORY_KINDS;
export const INVENTORY_KIND_KEYS = Object.keys(INVENTORY_KINDS) as [InventoryKind, ...InventoryKind[]];

/** What the owner wished done with it. */
export const INVENTORY_ACTIONS = {
  close: 'Close',
  transfer: 'Transfer to',
  memorialise: 'Memorialise',
  keep: 'Keep',
  sell: 'Sell',
} as const;
export type InventoryAction = keyof typeof INVENTORY_ACTIONS;
export const INVENTORY_ACTION_KEYS = Object.keys(INVENTORY_ACTIONS) as [InventoryAction, ...InventoryAction[]];

export const INVENTORY_STATUSES = {
  todo: 'To do',
  notified: 'Notified',
  waiting: 'Waiting for an answer',
  done: 'Done',
  not_applicable: 'Not applicable',
} as const;
export type InventoryStatus = keyof typeof INVENTORY_STATUSES;
export const INVENTORY_STATUS_KEYS = Object.keys(INVENTORY_STATUSES) as [InventoryStatus, ...InventoryStatus[]];

export const LETTER_VIA = { post: 'By post', email: 'By email' } as const;
export const LETTER_VIA_KEYS = Object.keys(LETTER_VIA) as ['post', 'email'];

/** Entries per page, in name order. */
export const INVENTORY_PAGE_SIZE = 25;
/** The reminder's default when a letter is marked sent. */
export const DEFAULT_REMIND_AFTER_DAYS = 21;

/** ISO 4217 codes this runtime knows (Intl), so "EUR" passes and "XYZ" is refused. */
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
export const isCurrency = (code: string) => CURRENCIES.has(code);

/** "12345678" → "••••5678": the reference as every screen, list and export shows it. */
export function maskReference(reference: string | null): string | null {
  if (!reference) return null;
  const tail = reference.replace(/\s+/g, '').slice(-4);
  return reference.replace(/\s+/g, '').length <= 4 ? '••••' : `••••${tail}`;
}

const text = (max: number, what: string) => z.string().trim().max(max, { message: `${what} can be at most ${max} characters` });
/** An amount as the person types it: digits with at most two decimals, never negative. */
const zValue = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, { message: 'Enter the value as a number of at least 0, like 1250 or 1250.50 (no minus sign, no currency symbol)' })
  .nullable()
  .optional();
const zCurrency = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCurrency, { message: 'Choose a currency by its three-letter code, like USD, GBP or EUR' })
  .nullable()
  .optional();

/** A postal address as it goes on an envelope: a few lines, trimmed, empty lines dropped. */
const zAddress = zOptionalText(400, 'The address')
  .transform((v) => (v ? v.split(/\r?\n/).map((line) => line.trim()).filter(Boolean).join('\n') : v))
  .refine((v) => !v || v.split('\n').length >= 2, { message: 'Write the address on at least two lines, as on an envelope: street, then town and postcode' })
  .refine((v) => !v || v.split('\n').length <= 8, { message: 'An address can have at most 8 lines' });

const entryFields = {
  kind: z.enum(INVENTORY_KIND_KEYS, { message: 'Choose what kind of thing this is' }),
  name: text(200, 'The name').min(1, { message: 'Give it a name, like “Joint checking account”' }),
  institution: zOptionalText(200, 'The institution'),
  /** where its letter goes: with the institution's name, what makes a letter possible */
  institutionAddress: zAddress,
  reference: zOptionalText(100, 'The reference'),
  value: zValue,
  currency: zCurrency,
  wishedAction: z.enum(INVENTORY_ACTION_KEYS, { message: 'Choose close, transfer, memorialise, keep or sell' }).nullable().optional(),
  transferTo: zOptionalText(200, 'Who it goes to'),
};

const valueNeedsCurrency = (r: { value?: string | null; currency?: string | null }) => !(r.value && !r.currency);
/** An address is the institution's: it needs the institution's name. */
export const addressNeedsInstitution = (r: { institution?: string | null; institutionAddress?: string | null }) => !(r.institutionAddress && !r.institution);
export const NEEDS_INSTITUTION = 'Say which institution this address is for';

/** POST …/inventory: a new entry. A value needs its currency; an address, its institution. */
export const ZInventoryEntryCreate = z
  .object(entryFields)
  .strict()
  .refine(valueNeedsCurrency, { path: ['currency'], message: 'Say which currency the value is in' })
  .refine(addressNeedsInstitution, { path: ['institution'], message: NEEDS_INSTITUTION });
export type TInventoryEntryCreate = z.output<typeof ZInventoryEntryCreate>;
export type TInventoryEntryInput = z.input<typeof ZInventoryEntryCreate>;

/** PATCH …/inventory/:entryId: what changes (the status only once the estate is active). */
export const ZInventoryEntryPatch = z
  .object({ ...entryFields, kind: entryFields.kind.optional(), name: entryFields.name.optional(), status: z.enum(INVENTORY_STATUS_KEYS, { message: 'Choose a status from the list' }).optional() })
  .strict()
  .refine((r) => Object.keys(r).length > 0, { message: 'Nothing to change was sent' });
export type TInventoryEntryPatch = z.output<typeof ZInventoryEntryPatch>;
export type TInventoryEntryPatchInput = z.input<typeof ZInventoryEntryPatch>;

/** POST …/letter/sent: how the letter went and when to remind. */
export const ZLetterSent = z
  .object({
    via: z.enum(LETTER_VIA_KEYS, { message: 'Say whether it went by post or by email' }),
    remindAfterDays: z.number({ message: 'Choose after how many days to be reminded' }).int().min(1, { message: 'Remind after at least 1 day' }).max(180, { message: 'Remind within 180 days' }),
  })
  .strict();
export type TLetterSent = z.output<typeof ZLetterSent>;

/** POST …/letter/answer: what the institution answered. */
export const ZLetterAnswer = z.object({ answer: text(2000, 'The answer').min(1, { message: 'Write down what they answered' }) }).strict();
export type TLetterAnswer = z.output<typeof ZLetterAnswer>;

export const ZInventoryQuery = z.object({ cursor: zCursor(['name', 'id']).optional(), limit: zPageSize(INVENTORY_PAGE_SIZE) }).strict();
export type TInventoryQuery = z.output<typeof ZInventoryQuery>;

export const ZInventoryEntryParams = z.object({ id: zId, entryId: zId }).strict();

const ZWho = z.object({ byName: z.string(), at: z.string() });

export const ZInventoryEntry = z.object({
  id: z.string(),
  kind: z.enum(INVENTORY_KIND_KEYS),
  kindLabel: z.string(),
  name: z.string(),
  institution: z.string().nullable(),
  /** the institution's postal address, line by line (\n) */
  institutionAddress: z.string().nullable(),
  /** a letter can be made: the entry has its institution's name and address */
  letterReady: z.boolean(),
  /** never the whole reference: the last four characters at most */
  referenceMasked: z.string().nullable(),
  value: z.string().nullable(),
  currency: z.string().nullable(),
  wishedAction: z.enum(INVENTORY_ACTION_KEYS).nullable(),
  transferTo: z.string().nullable(),
  status: z.enum(INVENTORY_STATUS_KEYS),
  statusLabel: z.string(),
  /** who last changed the status, and when (null: never changed) */
  statusChange: ZWho.nullable(),
  /** where it came from: the owner, the executor, a digital asset, a document */
  source: z.enum(['owner', 'executor', 'digital_asset', 'document']),
  letter: z
    .object({
      sent: ZWho.extend({ via: z.enum(LETTER_VIA_KEYS) }).nullable(),
      remindAfterDays: z.number().int().nullable(),
      /** the letter went, no answer is recorded, and the days chosen have passed */
      reminderDue: z.boolean(),
      answer: z.object({ text: z.string(), at: z.string() }).nullable(),
    })
    .nullable(),
});
export type TInventoryEntry = z.infer<typeof ZInventoryEntry>;

export const ZInventoryTotal = z.object({ kind: z.enum(INVENTORY_KIND_KEYS), kindLabel: z.string(), currency: z.string(), total: z.string(), entries: z.number().int() });
export type TInventoryTotal = z.infer<typeof ZInventoryTotal>;

/** GET …/inventory: a page of entries; the totals and counts are over the whole inventory. */
export const ZInventory = z.object({
  estateId: z.string(),
  ownerName: z.string(),
  entries: z.array(ZInventoryEntry),
  nextCursor: z.string().nullable(),
  totals: z.array(ZInventoryTotal),
  counts: z.record(z.enum(INVENTORY_STATUS_KEYS), z.number().int()),
  /** owner: pre-filling while planning; work: settling after activation; read: following progress */
  mode: z.enum(['owner', 'work', 'read']),
});
export type TInventory = z.infer<typeof ZInventory>;

/** "Transfer to Thomas Carter" ("Transfer" when nobody is named), "Close", or "" when no wish was recorded. */
export const wishedActionText = (e: { wishedAction: InventoryAction | null; transferTo: string | null }): string =>
  e.wishedAction === 'transfer' ? (e.transferTo ? `Transfer to ${e.transferTo}` : 'Transfer') : e.wishedAction ? INVENTORY_ACTIONS[e.wishedAction] : '';
