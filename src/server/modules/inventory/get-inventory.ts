import { and, count, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { INVENTORY_KINDS, INVENTORY_STATUS_KEYS, type InventoryKind, type TInventory, type TInventoryEntry, type TInventoryQuery } from '../../../core/inventory.schemas.ts';
import type { Ctx } from '../../context.ts';
import { inventoryEntries } from '../../db/schema/settlement.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownerNameOf } from '../../safeguards/trustee-notices.ts';
import { afterCursor, ascending, keysetPage } from '../../lib/keyset.ts';
import { assertInventoryAccess } from './inventory-access.ts';
import { inventoryRows, toInventoryEntry } from './inventory-rows.ts';

/** One entry of the estate, as the screens see it (404 when it is not the estate's). */
export async function inventoryEntry(ctx: Ctx, estateId: string, entryId: string): Promise<TInventoryEntry> {
  const [row] = await inventoryRows(ctx.db, and(eq(inventoryEntries.id, entryId), eq(inventoryEntries.estateId, estateId)), 1);
  if (!row) throw notFound('That inventory entry');
  return toInventoryEntry(row, ctx.clock.now());
}

/** Totals of the values per kind and currency (entries marked not applicable left out), and entries per status: summed by the database over the whole inventory. */
export async function inventoryTotals(ctx: Ctx, estateId: string): Promise<Pick<TInventory, 'totals' | 'counts'>> {
  const [sums, statuses] = await Promise.all([
    ctx.db
      .select({ kind: inventoryEntries.kind, currency: inventoryEntries.currency, total: sql<string>`sum(${inventoryEntries.value})::text`, entries: count() })
      .from(inventoryEntries)
      .where(and(eq(inventoryEntries.estateId, estateId), isNotNull(inventoryEntries.value), isNotNull(inventoryEntries.currency), ne(inventoryEntries.status, 'not_applicable')))
      .groupBy(inventoryEntries.kind, inventoryEntries.currency)
      .orderBy(inventoryEntries.kind, inventoryEntries.currency),
    ctx.db.select({ status: inventoryEntries.status, n: count() }).from(inventoryEntries).where(eq(inventoryEntries.estateId, estateId)).groupBy(inventoryEntries.status),
  ]);
  const counts = Object.fromEntries(INVENTORY_STATUS_KEYS.map((s) => [s, statuses.find((r) => r.status === s)?.n ?? 0])) as TInventory['counts'];
  const totals = sums.map((r) => {
    const kind = (r.kind in INVENTORY_KINDS ? r.kind : 'other') as InventoryKind;
    return { kind, kindLabel: INVENTORY_KINDS[kind], currency: r.currency!, total: Number(r.total).toFixed(2), entries: r.entries };
  });
  return { totals, counts };
}

/** GET: a page of the inventory in name order, with the totals and status counts of all of it. */
export async function getInventory(ctx: Ctx, estateId: string, query: TInventoryQuery): Promise<TInventory> {
  const mode = await assertInventoryAccess(ctx, estateId);
  const [ownerName, sums, rows] = await Promise.all([
    ownerNameOf(ctx, estateId),
    inventoryTotals(ctx, estateId),
    inventoryRows(ctx.db, and(eq(inventoryEntries.estateId, estateId), afterCursor(ascending(inventoryEntries.name, inventoryEntries.id), query.cursor)), query.limit + 1),
  ]);
  const now = ctx.clock.now();
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.entry.name, r.entry.id]);
  return { estateId, ownerName, entries: page.map((r) => toInventoryEntry(r, now)), nextCursor, ...sums, mode };
}
