import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAuditActions, ZAuditLogFilters, ZAuditLogPage, ZAuditLogQuery } from '../../../core/admin-logs.schemas.ts';
import { exportAuditLogCsv } from './export-audit-log-csv.ts';
import { listAuditActions } from './list-audit-actions.ts';
import { listAuditLog } from './list-audit-log.ts';

/** Logs (/admin/logs): the platform audit log, filtered and keyset-paged, and its CSV (core/admin-logs.schemas.ts). */
export async function adminLogsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  app.get(
    '/api/v1/admin/logs',
    { schema: { tags, querystring: ZAuditLogQuery, response: { 200: ZAuditLogPage } }, config: { permission: 'read:audit-log:any' } },
    async (req) => listAuditLog(req.ctx, req.query),
  );
  app.get(
    '/api/v1/admin/logs/actions',
    { schema: { tags, response: { 200: ZAuditActions } }, config: { permission: 'read:audit-log:any' } },
    async (req) => listAuditActions(req.ctx),
  );
  app.get(
    '/api/v1/admin/logs.csv',
    { schema: { tags, summary: 'The filtered audit log as CSV (RFC 4180, formula-safe, streamed)', querystring: ZAuditLogFilters, produces: ['text/csv'] }, config: { permission: 'read:audit-log:any' } },
    async (req, reply) => exportAuditLogCsv(req.ctx, req.query, reply),
  );
}
