import { asc, eq, inArray } from 'drizzle-orm';
import { PROOF_DOCUMENT_TYPES, type ProofDocumentType, type TEstateReport } from '../../core/lifecycle.schemas.ts';
import type { Db } from '../db/client.ts';
import { reportSafeguardsViews } from './report-safeguards-view.ts';
import { files } from '../db/schema/files.ts';
import { type estateReports, verificationItems } from '../db/schema/lifecycle.ts';

type ReportRow = typeof estateReports.$inferSelect;

export const proofLabel = (type: string) => PROOF_DOCUMENT_TYPES[type as ProofDocumentType] ?? type;

/** Reports with their proof items, as the API shows them. */
export async function reportViews(db: Db, reports: ReportRow[], now?: Date): Promise<TEstateReport[]> {
  if (!reports.length) return [];
  const items = await db
    .select({ item: verificationItems, fileName: files.originalName })
    .from(verificationItems)
    .innerJoin(files, eq(files.id, verificationItems.fileId))
    .where(inArray(verificationItems.reportId, reports.map((r) => r.id)))
    .orderBy(asc(verificationItems.submittedAt), asc(verificationItems.id));
  const counting = reports.filter((r) => r.status === 'open' || r.status === 'verified');
  const safeguards = now ? await reportSafeguardsViews(db, counting, now) : new Map<string, never>();
  return reports.map((r) => ({
    id: r.id,
    estateId: r.estateId,
    event: r.event === 'incapacity' ? 'incapacity' : 'death',
    eventDate: r.eventDate,
    reporterName: r.reporterName,
    relationship: r.relationship,
    status: r.status as TEstateReport['status'],
    createdAt: r.createdAt.toISOString(),
    items: items
      .filter((i) => i.item.reportId === r.id)
      .map(({ item, fileName }) => ({
        id: item.id,
        documentType: item.documentType,
        documentLabel: proofLabel(item.documentType),
        fileName,
        status: item.status as TEstateReport['items'][number]['status'],
        rejectionReason: item.rejectionReason,
      })),
    safeguards: safeguards.get(r.id) ?? null,
  }));
}

/** With `now`, an open or verified report also carries its countdown and quorum. */
export async function reportView(db: Db, report: ReportRow, now?: Date): Promise<TEstateReport> {
  return (await reportViews(db, [report], now))[0]!;
}
