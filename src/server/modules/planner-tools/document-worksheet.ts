import { count, eq } from 'drizzle-orm';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES } from '../../../core/constants.ts';
import type { Ctx } from '../../context.ts';
import { documents } from '../../db/schema/documents.ts';
import { blankLines, checkItem, fileSlug, footer, heading, paragraph, renderPdf, section } from '../../lib/pdf.ts';
import { plannerToday } from './planner-clock.ts';
import { clientOwner } from './tool-clients.ts';

/** What to gather, by the four document types of the upload form. */
const TO_GATHER: Record<(typeof DOCUMENT_TYPES)[number], string[]> = {
  legal: [
    'Will (and any codicils) — where the original is kept',
    'Lasting or durable power of attorney (finances, health)',
    'Advance directive or living will; funeral wishes',
    'Deeds to property and land; trust documents',
  ],
  financial: [
    'Bank and savings account statements',
    'Pensions: scheme names and member numbers',
    'Insurance policies: life, home, car, funeral plan',
    'Investments, mortgages, loans and credit cards',
    'Last tax return; accountant’s details',
  ],
  personal: [
    'Birth certificate',
    'Marriage or civil partnership certificate; divorce papers',
    'Passport, driving licence, social security number',
    'Military service, adoption or naturalisation records',
  ],
  other: ['Vehicle titles and registration', 'Pet care instructions and vet details', 'Club memberships and subscriptions'],
};

/**
 * The Document Gathering Worksheet for one client, as a PDF: for each document type, what to
 * gather with blank lines to fill in, and how many documents of that type the client has already
 * stored (a count only — never a title).
 */
export async function documentWorksheetPdf(ctx: Ctx, estateId: string): Promise<{ filename: string; body: Buffer }> {
  const owner = await clientOwner(ctx, estateId);
  const rows = await ctx.db.select({ type: documents.type, n: count() }).from(documents).where(eq(documents.estateId, estateId)).groupBy(documents.type);
  const stored = new Map(rows.map((r) => [r.type, r.n]));
  const today = await plannerToday(ctx);
  const title = `Document Gathering Worksheet — ${owner.name}`;

  const body = await renderPdf(title, (doc) => {
    heading(doc, title, `Prepared by ${ctx.actor.name} on ${today}`);
    paragraph(doc, 'Tick each item once it is found, note where the original is kept, and upload a copy from the Documents page in Heirloom.');
    for (const type of DOCUMENT_TYPES) {
      const n = stored.get(type) ?? 0;
      section(doc, DOCUMENT_TYPE_LABELS[type], n ? `Already in Heirloom: ${n} ${n === 1 ? 'document' : 'documents'}.` : 'Nothing stored in this category yet.');
      for (const item of TO_GATHER[type]) checkItem(doc, item, false);
      paragraph(doc, 'Where the originals are kept, and anything else:');
      blankLines(doc, 3);
    }
    footer(doc, 'Counts only: the planner never sees the documents themselves.');
  });
  return { filename: `document-worksheet-${fileSlug(owner.name)}.pdf`, body };
}
