import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdminReport, ZAdminReportCsvQuery, ZAdminReportQuery } from '../../../core/admin-reports.schemas.ts';
import { exportAdminReportCsv } from './export-admin-report-csv.ts';
import { getAdminReport } from './get-admin-report.ts';

/** The platform admin's Reports (core/admin-reports.schemas.ts, ADR 0030). */
export async function adminReportsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  app.get(
    '/api/v1/admin/reports',
    { schema: { tags, summary: 'User growth, content creation and system health over time; top inviters', querystring: ZAdminReportQuery, response: { 200: ZAdminReport } }, config: { permission: 'read:report:any' } },
    async (req) => getAdminReport(req.ctx, req.query),
  );
  app.get(
    '/api/v1/admin/reports.csv',
    { schema: { tags, summary: 'One report of the range as CSV (RFC 4180, formula-safe)', querystring: ZAdminReportCsvQuery, produces: ['text/csv'] }, config: { permission: 'read:report:any' } },
    async (req, reply) => exportAdminReportCsv(req.ctx, req.query, reply),
  );
}
