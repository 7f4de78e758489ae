import { and, eq, inArray, sql } from 'drizzle-orm';
import type { InventoryAction, InventoryKind } from '../../../core/inventory.schemas.ts';
import type { Db } from '../../db/client.ts';
import { digitalAssets } from '../../db/schema/digital-assets.ts';
import { documents } from '../../db/schema/documents.ts';
import { inventoryEntries } from '../../db/schema/settlement.ts';

/** Words in a name that say what kind of thing it is; the first match wins, else the fallback. */
const KIND_WORDS: [InventoryKind, RegExp][] = [
  ['pension', /\b(pension|401\s?k|ira|annuity|retirement)\b/i],
  ['insurance_policy', /\b(insurance|policy|assurance)\b/i],
  ['debt', /\b(mortgage|loan|credit card|debt|overdraft)\b/i],
  ['investment_account', /\b(invest\w*|brokerage|shares|stocks?|isa|fund|portfolio|vanguard|fidelity|schwab)\b/i],
  ['bank_account', /\b(bank|checking|current account|savings?|chase|barclays|hsbc|lloyds|natwest|santander|wells fargo)\b/i],
  ['property', /\b(deed|property|house|home|land|title register)\b/i],
  ['vehicle', /\b(car|vehicle|v5c|registration|motorbike|boat)\b/i],
  ['subscription', /\b(subscription|netflix|spotify|prime|membership)\b/i],
];

export function guessKind(text: string, fallback: InventoryKind): InventoryKind {
  return KIND_WORDS.find(([, words]) => words.test(text))?.[0] ?? fallback;
}

/** The playbook's instruction (close | memorialise | transfer | keep) as the inventory's wished action. */
const wishedActionOf = (action: string | null): InventoryAction | null =>
  action === 'close' || action === 'memorialise' || action === 'transfer' || action === 'keep' ? action : null;

/**
 * At activation, in its transaction ('estate.transitioned'): one entry per digital asset (with the
 * playbook's instruction as the wished action) and per financial or legal document, unless the owner
 * pre-filled an entry of the same name. Never a secret: names, institutions and the account's login
 * name only. Built once: an entry per source (inventory_entries_source_unique), so activating again
 * after a reversal adds only what is new.
 */
export async function buildInventory(tx: Db, estateId: string, now: Date): Promise<number> {
  const assets = await tx
    .select({ id: digitalAssets.id, name: digitalAssets.name, institution: digitalAssets.institution, platform: digitalAssets.platform, username: digitalAssets.username, action: digitalAssets.afterDeathAction })
    .from(digitalAssets)
    .where(eq(digitalAssets.estateId, estateId));
  const docs = await tx
    .select({ id: documents.id, title: documents.title })
    .from(documents)
    .where(and(eq(documents.estateId, estateId), inArray(documents.type, ['financial', 'legal'])));
  const named = await tx.select({ name: sql<string>`lower(${inventoryEntries.name})` }).from(inventoryEntries).where(eq(inventoryEntries.estateId, estateId));
  const taken = new Set(named.map((n) => n.name));
  const base = { estateId, createdAt: now, updatedAt: now };
  const rows = [
    ...assets.map((a) => ({
      ...base,
      kind: guessKind(`${a.name} ${a.institution ?? ''} ${a.platform ?? ''}`, 'online_account'),
      name: a.name,
      institution: a.institution ?? a.platform,
      reference: a.username,
      wishedAction: wishedActionOf(a.action),
      source: 'digital_asset',
      sourceId: a.id,
    })),
    ...docs.map((d) => ({ ...base, kind: guessKind(d.title, 'other'), name: d.title, source: 'document', sourceId: d.id })),
  ].filter((r) => !taken.has(r.name.toLowerCase()));
  if (!rows.length) return 0;
  const added = await tx.insert(inventoryEntries).values(rows).onConflictDoNothing().returning({ id: inventoryEntries.id });
  return added.length;
}
