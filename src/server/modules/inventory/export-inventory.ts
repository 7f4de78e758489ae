import { eq } from 'drizzle-orm';
import { wishedActionText } from '../../../core/inventory.schemas.ts';
import type { Ctx } from '../../context.ts';
import { inventoryEntries } from '../../db/schema/settlement.ts';
import { audit } from '../../lib/audit.ts';
import { toCsv } from '../../lib/csv.ts';
import { fileSlug, footer, heading, renderPdf, section } from '../../lib/pdf.ts';
import { ownerNameOf } from '../../safeguards/trustee-notices.ts';
import { inventoryTotals } from './get-inventory.ts';
import { assertInventoryAccess } from './inventory-access.ts';
import { inventoryRows, toInventoryEntry } from './inventory-rows.ts';

/** More entries than any estate has; an export says so if it ever stops there. */
export const INVENTORY_EXPORT_LIMIT = 5000;

const when = (at: string) => at.slice(0, 10);
const oneLine = (address: string | null) => address?.replaceAll('\n', ', ') ?? null;

/** The whole inventory for an export (references masked, as on screen), its totals and the owner's name. */
async function exportable(ctx: Ctx, estateId: string, format: 'csv' | 'pdf') {
  await assertInventoryAccess(ctx, estateId);
  const now = ctx.clock.now();
  const [ownerName, sums, rows] = await Promise.all([
    ownerNameOf(ctx, estateId),
    inventoryTotals(ctx, estateId),
    inventoryRows(ctx.db, eq(inventoryEntries.estateId, estateId), INVENTORY_EXPORT_LIMIT),
  ]);
  await audit(ctx, { action: 'inventory.exported', estateId, targetType: 'estate', targetId: estateId, details: { format, entries: rows.length } });
  return { ownerName, ...sums, entries: rows.map((r) => toInventoryEntry(r, now)), today: now.toISOString().slice(0, 10) };
}

/** GET …/inventory.csv: every entry, one row each (formula-safe, UTF-8 with a byte-order mark). */
export async function inventoryCsv(ctx: Ctx, estateId: string): Promise<{ body: string; fileName: string }> {
  const x = await exportable(ctx, estateId, 'csv');
  const body = toCsv(
    ['Kind', 'Name', 'Institution', 'Institution address', 'Reference (last 4)', 'Estimated value', 'Currency', 'Wished action', 'Status', 'Status changed by', 'Status changed on', 'Letter sent on', 'Answer'],
    x.entries.map((e) => [
      e.kindLabel,
      e.name,
      e.institution,
      oneLine(e.institutionAddress),
      e.referenceMasked,
      e.value,
      e.currency,
      wishedActionText(e),
      e.statusLabel,
      e.statusChange?.byName ?? null,
      e.statusChange ? when(e.statusChange.at) : null,
      e.letter?.sent ? when(e.letter.sent.at) : null,
      e.letter?.answer?.text ?? null,
    ]),
    { bom: true },
  );
  return { body, fileName: `inventory-${fileSlug(x.ownerName)}-${x.today}.csv` };
}

/** GET …/inventory.pdf: the printable inventory — totals, then each entry with its status. */
export async function inventoryPdf(ctx: Ctx, estateId: string): Promise<{ body: Buffer; fileName: string }> {
  const x = await exportable(ctx, estateId, 'pdf');
  const body = await renderPdf(`Inventory of the estate of ${x.ownerName}`, (doc) => {
    heading(doc, `Inventory of the estate of ${x.ownerName}`, `As on ${x.today}. ${x.entries.length} entries. References show their last four characters only.`);
    section(doc, 'Estimated totals', 'By kind and currency; entries marked not applicable are left out.');
    doc.font('Helvetica').fontSize(11);
    if (!x.totals.length) doc.text('No values recorded yet.');
    for (const t of x.totals) doc.text(`${t.kindLabel}: ${t.total} ${t.currency} (${t.entries} ${t.entries === 1 ? 'entry' : 'entries'})`);
    section(doc, 'Entries');
    for (const e of x.entries) {
      if (doc.y > doc.page.height - 120) doc.addPage();
      doc.font('Helvetica-Bold').fontSize(11).text(`${e.name} — ${e.kindLabel}`);
      const lines = [
        e.institution && `Institution: ${[e.institution, oneLine(e.institutionAddress)].filter(Boolean).join(', ')}`,
        e.referenceMasked && `Reference: ${e.referenceMasked}`,
        e.value && `Estimated value: ${e.value} ${e.currency ?? ''}`,
        e.wishedAction && `Wished: ${wishedActionText(e)}`,
        `Status: ${e.statusLabel}${e.statusChange ? ` (${e.statusChange.byName}, ${when(e.statusChange.at)})` : ''}`,
        e.letter?.sent && `Letter sent ${when(e.letter.sent.at)} by ${e.letter.sent.via}${e.letter.answer ? `; answered ${when(e.letter.answer.at)}` : ''}`,
      ].filter(Boolean);
      doc.font('Helvetica').fontSize(10).text(lines.join('\n')).moveDown(0.5);
    }
    footer(doc, 'Prepared with Heirloom. Values are estimates recorded by the family and the executor.');
  });
  return { body, fileName: `inventory-${fileSlug(x.ownerName)}-${x.today}.pdf` };
}
