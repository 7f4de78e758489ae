import type { FastifyReply } from 'fastify';
import { ESTATE_STATUS_LABELS } from '../../../core/constants.ts';
import { REPORT_CSV_ROW_LIMIT, type TParsedReportQuery } from '../../../core/estate-administrator-reports.schemas.ts';
import { isEstateStatus } from '../../../core/lifecycle.ts';
import type { Ctx } from '../../context.ts';
import { toCsv } from '../../lib/csv.ts';
import { getEstateAdministratorReport } from './get-report.ts';

/**
 * GET …/reports.csv: the same report's table as an RFC 4180 attachment (header row, CRLF, safe
 * against spreadsheet formulas), up to REPORT_CSV_ROW_LIMIT rows; `X-Report-Truncated: true` when
 * there were more. Status keys are written as their labels. Named
 * `<type>_<from>_<to>.csv`, e.g. estate-activity_2026-04-01_2026-04-30.csv.
 */
export async function exportReportCsv(ctx: Ctx, query: TParsedReportQuery, reply: FastifyReply): Promise<FastifyReply> {
  const report = await getEstateAdministratorReport(ctx, query, REPORT_CSV_ROW_LIMIT);
  const statusColumns = new Set(report.columns.flatMap((c, i) => (c.kind === 'status' ? [i] : [])));
  const rows = report.rows.map((row) =>
    row.map((cell, i) => (statusColumns.has(i) && typeof cell === 'string' && isEstateStatus(cell) ? ESTATE_STATUS_LABELS[cell] : cell)),
  );
  const fileName = `${report.type}_${report.range.from}_${report.range.to}.csv`;
  return reply
    .header('content-type', 'text/csv; charset=utf-8; header=present')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-report-truncated', String(report.truncated))
    .send(toCsv(report.columns.map((c) => c.label), rows));
}
