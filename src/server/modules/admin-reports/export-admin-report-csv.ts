import type { FastifyReply } from 'fastify';
import { and, gte, lt } from 'drizzle-orm';
import { CONTENT_LABELS, FEEDBACK_CSV_LIMIT, HEALTH_LABELS, type TAdminReportCsvQuery } from '../../../core/admin-reports.schemas.ts';
import { FEEDBACK_CATEGORY_LABELS } from '../../../core/feedback.schemas.ts';
import type { Ctx } from '../../context.ts';
import { feedback } from '../../db/schema/admin.ts';
import { toCsv, type CsvCell } from '../../lib/csv.ts';
import { feedbackRows } from '../../views/feedback-rows.ts';
import { adminReportRange, getAdminReport } from './get-admin-report.ts';

interface CsvTable {
  header: string[];
  rows: CsvCell[][];
}

/** The series of the range, one row per bucket: growth, content and system health side by side. */
async function seriesTable(ctx: Ctx, query: TAdminReportCsvQuery): Promise<CsvTable> {
  const r = await getAdminReport(ctx, query);
  const bucketWord = { day: 'Day', week: 'Week starting', month: 'Month starting' }[r.range.bucket];
  return {
    header: [bucketWord, 'New users', 'Total users', ...Object.values(CONTENT_LABELS), ...Object.values(HEALTH_LABELS)],
    rows: r.userGrowth.map((g, i) => {
      const c = r.contentCreation[i]!;
      const h = r.systemHealth[i]!;
      return [g.start, g.newUsers, g.totalUsers, c.memories, c.documents, c.futureMessages, h.failedSignIns, h.lockOuts, h.failedJobs, h.mailFailures, h.slowRequestAlerts];
    }),
  };
}

async function topInvitersTable(ctx: Ctx, query: TAdminReportCsvQuery): Promise<CsvTable> {
  const r = await getAdminReport(ctx, query);
  return {
    header: ['Rank', 'Name', 'Invitations sent', 'Accepted'],
    rows: r.topInviters.map((t, i) => [i + 1, t.name, t.sent, t.accepted]),
  };
}

/** The feedback sent in the range, newest first, up to FEEDBACK_CSV_LIMIT messages. */
async function feedbackTable(ctx: Ctx, query: TAdminReportCsvQuery): Promise<CsvTable> {
  const range = await adminReportRange(ctx, query);
  const rows = await feedbackRows(ctx.db, and(gte(feedback.createdAt, range.start), lt(feedback.createdAt, range.end)), FEEDBACK_CSV_LIMIT);
  return {
    header: ['Sent (UTC)', 'From', 'Category', 'Page', 'Message'],
    rows: rows.map((f) => [f.createdAt, f.name, FEEDBACK_CATEGORY_LABELS[f.category], f.page, f.message]),
  };
}

const TABLES = { series: seriesTable, 'top-inviters': topInvitersTable, feedback: feedbackTable } as const;

/**
 * GET /api/v1/admin/reports.csv: one report of the range as an RFC 4180 attachment (header row,
 * CRLF, a UTF-8 byte-order mark for spreadsheets, cells that would run as formulas defused by
 * lib/csv.ts). Named `heirloom-<report>_<from>_<to>.csv`.
 */
export async function exportAdminReportCsv(ctx: Ctx, query: TAdminReportCsvQuery, reply: FastifyReply): Promise<FastifyReply> {
  const range = await adminReportRange(ctx, query);
  const table = await TABLES[query.report](ctx, query);
  return reply
    .header('content-type', 'text/csv; charset=utf-8; header=present')
    .header('content-disposition', `attachment; filename="heirloom-${query.report}_${range.from}_${range.to}.csv"`)
    .send(toCsv(table.header, table.rows, { bom: true }));
}
