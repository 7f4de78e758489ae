import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZEstateAdministratorReport, ZReportQuery } from '../../../core/estate-administrator-reports.schemas.ts';
import { exportReportCsv } from './export-report-csv.ts';
import { getEstateAdministratorReport } from './get-report.ts';

/** The estate administrator's Reports and analytics (ADR 0020), scoped to the estates they administer. */
export async function estateAdministratorReportsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['estate-administrator'];
  app.get(
    '/api/v1/estate-admin/reports',
    { schema: { tags, summary: 'A report with KPI tiles, its table and a time series', querystring: ZReportQuery, response: { 200: ZEstateAdministratorReport } }, config: { permission: 'read:report:own' } },
    async (req) => getEstateAdministratorReport(req.ctx, req.query),
  );
  app.get(
    '/api/v1/estate-admin/reports.csv',
    { schema: { tags, summary: 'The same report’s table as CSV (RFC 4180, formula-safe)', querystring: ZReportQuery, produces: ['text/csv'] }, config: { permission: 'read:report:own' } },
    async (req, reply) => exportReportCsv(req.ctx, req.query, reply),
  );
}
