import { z } from 'zod';
import { zId, zOptionalText } from './common.schemas.ts';
import { zCursor, zPageSize } from './keyset.schemas.ts';

/**
 * Executor playbook (issue 13 item 6): what the owner wants done with each digital account once the
 * estate is active. The owner writes it in the asset's dialog; the estate administrator and the
 * beneficiaries with the digital-legacy flag work through it as a checklist. Never the secrets.
 */
export const PLAYBOOK_ACTIONS = {
  close: 'Close the account',
  memorialise: 'Memorialise the account',
  transfer: 'Transfer the account',
  keep: 'Keep the account open',
} as const;
export type PlaybookAction = keyof typeof PLAYBOOK_ACTIONS;
export const PLAYBOOK_ACTION_KEYS = Object.keys(PLAYBOOK_ACTIONS) as [PlaybookAction, ...PlaybookAction[]];

/** An asset with no action chosen still appears on the checklist, with this line. */
export const NO_PLAYBOOK_ACTION = 'No instruction left — decide with the family';

export const playbookActionLabel = (action: string | null): string =>
  action && action in PLAYBOOK_ACTIONS ? PLAYBOOK_ACTIONS[action as PlaybookAction] : NO_PLAYBOOK_ACTION;

/** Checklist items per page (ADR 0063): name order, Load more for the next. */
export const PLAYBOOK_PAGE_SIZE = 25;

/** The three playbook fields of the asset's add/edit request (all optional; empty clears). */
export const playbookFields = {
  afterDeathAction: z.enum(PLAYBOOK_ACTION_KEYS, { message: 'Choose close, memorialise, transfer or keep' }).nullable().optional(),
  twoFactorDevice: zOptionalText(300, 'Where the two-factor device is'),
  afterDeathNote: zOptionalText(2000, 'The note'),
};

export const ZPlaybookTick = z.object({ byName: z.string(), at: z.string() });

export const ZPlaybookItem = z.object({
  assetId: z.string(),
  name: z.string(),
  platform: z.string().nullable(),
  action: z.enum(PLAYBOOK_ACTION_KEYS).nullable(),
  actionLabel: z.string(),
  twoFactorDevice: z.string().nullable(),
  note: z.string().nullable(),
  tick: ZPlaybookTick.nullable(),
});
export type TPlaybookItem = z.infer<typeof ZPlaybookItem>;

/** GET …/playbook?cursor&limit: one page of the checklist in name order (a name cursor the server wrote). */
export const ZPlaybookQuery = z.object({ cursor: zCursor(['name', 'id']).optional(), limit: zPageSize(PLAYBOOK_PAGE_SIZE) }).strict();
export type TPlaybookQuery = z.output<typeof ZPlaybookQuery>;

/** A page of the checklist; `done` and `total` count the whole estate, not the page. */
export const ZPlaybook = z.object({
  estateId: z.string(),
  ownerName: z.string(),
  items: z.array(ZPlaybookItem),
  /** give back as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
  done: z.number().int(),
  total: z.number().int(),
  /** the reader settles the estate (ticks items off); otherwise they follow the executor's progress */
  canTick: z.boolean(),
});
export type TPlaybook = z.infer<typeof ZPlaybook>;

export const ZPlaybookItemParams = z.object({ id: zId, assetId: zId }).strict();
