import { asc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { INVENTORY_KINDS, INVENTORY_STATUSES, maskReference, type TInventoryEntry } from '../../../core/inventory.schemas.ts';
import type { Db } from '../../db/client.ts';
import { inventoryEntries } from '../../db/schema/settlement.ts';
import { users } from '../../db/schema/users.ts';

const DAY_MS = 86_400_000;
const statusUser = alias(users, 'status_user');
const letterUser = alias(users, 'letter_user');

/** Inventory rows matching `where`, in name order, with who changed the status and who sent the letter. */
export async function inventoryRows(db: Db, where: SQL | undefined, limit: number) {
  return db
    .select({ entry: inventoryEntries, statusByName: statusUser.name, letterByName: letterUser.name })
    .from(inventoryEntries)
    .leftJoin(statusUser, eq(statusUser.id, inventoryEntries.statusBy))
    .leftJoin(letterUser, eq(letterUser.id, inventoryEntries.letterSentBy))
    .where(where)
    .orderBy(asc(inventoryEntries.name), asc(inventoryEntries.id))
    .limit(limit);
}
export type InventoryRow = Awaited<ReturnType<typeof inventoryRows>>[number];

const FORMER = 'A former member';

/** A letter needs somewhere to go: the institution's name and its postal address (ADR 0110). */
export const letterReady = <E extends { institution: string | null; institutionAddress: string | null }>(e: E): e is E & { institution: string; institutionAddress: string } =>
  !!e.institution && !!e.institutionAddress;

/** One row as the screens see it: the reference masked, the reminder worked out at `now`. */
export function toInventoryEntry({ entry: e, statusByName, letterByName }: InventoryRow, now: Date): TInventoryEntry {
  const kind = e.kind as TInventoryEntry['kind'];
  const status = e.status as TInventoryEntry['status'];
  const sent = e.letterSentAt ? { byName: letterByName ?? FORMER, at: e.letterSentAt.toISOString(), via: e.letterSentVia as 'post' | 'email' } : null;
  const reminderDue = !!e.letterSentAt && !e.answeredAt && e.remindAfterDays !== null && now.getTime() >= e.letterSentAt.getTime() + e.remindAfterDays * DAY_MS;
  return {
    id: e.id,
    kind,
    kindLabel: INVENTORY_KINDS[kind] ?? INVENTORY_KINDS.other,
    name: e.name,
    institution: e.institution,
    institutionAddress: e.institutionAddress,
    letterReady: letterReady(e),
    referenceMasked: maskReference(e.reference),
    value: e.value,
    currency: e.currency,
    wishedAction: e.wishedAction as TInventoryEntry['wishedAction'],
    transferTo: e.transferTo,
    status,
    statusLabel: INVENTORY_STATUSES[status] ?? INVENTORY_STATUSES.todo,
    statusChange: e.statusAt ? { byName: statusByName ?? FORMER, at: e.statusAt.toISOString() } : null,
    source: e.source as TInventoryEntry['source'],
    letter: sent || e.answeredAt ? { sent, remindAfterDays: e.remindAfterDays, reminderDue, answer: e.answer && e.answeredAt ? { text: e.answer, at: e.answeredAt.toISOString() } : null } : null,
  };
}
