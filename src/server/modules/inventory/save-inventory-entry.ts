import { and, eq } from 'drizzle-orm';
import { addressNeedsInstitution, NEEDS_INSTITUTION, type TInventoryEntry, type TInventoryEntryCreate, type TInventoryEntryPatch } from '../../../core/inventory.schemas.ts';
import type { Ctx } from '../../context.ts';
import { inventoryEntries } from '../../db/schema/settlement.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inventoryEntry } from './get-inventory.ts';
import { assertInventoryAccess } from './inventory-access.ts';

const NEEDS_CURRENCY = { currency: 'Say which currency the value is in' };

/** POST: a new entry — the owner's while planning, the executor's after activation. */
export async function addInventoryEntry(ctx: Ctx, estateId: string, input: TInventoryEntryCreate): Promise<TInventoryEntry> {
  const mode = await assertInventoryAccess(ctx, estateId, 'edit');
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(inventoryEntries)
    .values({ estateId, ...input, source: mode === 'owner' ? 'owner' : 'executor', createdAt: now, updatedAt: now })
    .returning({ id: inventoryEntries.id });
  await audit(ctx, { action: 'inventory.entry_added', estateId, targetType: 'inventory_entry', targetId: row!.id, details: { kind: input.kind } });
  return inventoryEntry(ctx, estateId, row!.id);
}

/**
 * PATCH: what changed. A status is set only after activation (assertInventoryAccess 'settle') and
 * records who set it and when. A value keeps needing a currency, and an address its institution,
 * counting what is already saved.
 */
export async function updateInventoryEntry(ctx: Ctx, estateId: string, entryId: string, patch: TInventoryEntryPatch): Promise<TInventoryEntry> {
  await assertInventoryAccess(ctx, estateId, patch.status ? 'settle' : 'edit');
  const [before] = await ctx.db
    .select({ value: inventoryEntries.value, currency: inventoryEntries.currency, status: inventoryEntries.status, institution: inventoryEntries.institution, institutionAddress: inventoryEntries.institutionAddress })
    .from(inventoryEntries)
    .where(and(eq(inventoryEntries.id, entryId), eq(inventoryEntries.estateId, estateId)));
  if (!before) throw notFound('That inventory entry');
  const value = patch.value === undefined ? before.value : patch.value;
  const currency = patch.currency === undefined ? before.currency : patch.currency;
  if (value && !currency) throw badRequest('Say which currency the value is in.', NEEDS_CURRENCY);
  const kept = <K extends 'institution' | 'institutionAddress'>(key: K) => (patch[key] === undefined ? before[key] : patch[key]);
  if (!addressNeedsInstitution({ institution: kept('institution'), institutionAddress: kept('institutionAddress') })) throw badRequest(`${NEEDS_INSTITUTION}.`, { institution: NEEDS_INSTITUTION });
  const now = ctx.clock.now();
  const { status, ...fields } = patch;
  const statusChange = status && status !== before.status ? { status, statusBy: ctx.actor.userId, statusAt: now } : {};
  await ctx.db
    .update(inventoryEntries)
    .set({ ...fields, ...statusChange, updatedAt: now })
    .where(and(eq(inventoryEntries.id, entryId), eq(inventoryEntries.estateId, estateId)));
  await audit(ctx, {
    action: 'inventory.entry_changed',
    estateId,
    targetType: 'inventory_entry',
    targetId: entryId,
    details: { fields: Object.keys(fields), ...(status ? { status } : {}) },
  });
  return inventoryEntry(ctx, estateId, entryId);
}

/** DELETE: an entry goes (one built from an asset or a document is better marked not applicable, but may go too). */
export async function deleteInventoryEntry(ctx: Ctx, estateId: string, entryId: string): Promise<void> {
  await assertInventoryAccess(ctx, estateId, 'edit');
  const gone = await ctx.db
    .delete(inventoryEntries)
    .where(and(eq(inventoryEntries.id, entryId), eq(inventoryEntries.estateId, estateId)))
    .returning({ name: inventoryEntries.name });
  if (!gone.length) throw notFound('That inventory entry');
  await audit(ctx, { action: 'inventory.entry_removed', estateId, targetType: 'inventory_entry', targetId: entryId });
}
