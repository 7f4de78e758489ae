import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { TAuditLogFilters } from '../../../core/admin-logs.schemas.ts';
import type { Ctx } from '../../context.ts';
import { csvField, toCsv } from '../../lib/csv.ts';
import { audit } from '../../lib/audit.ts';
import { auditLogWhere } from './audit-log-filters.ts';
import { auditRows } from './audit-log-rows.ts';

const BATCH = 1000;
const HEADER = ['Time (UTC)', 'Actor', 'Actor email', 'Action', 'Action code', 'Target', 'IP address'];

/**
 * GET …/logs.csv: every entry matching the filters, newest first, streamed in keyset batches of
 * BATCH rows (memory stays flat however long the log is; ADR 0029). RFC 4180, CRLF, formula-safe
 * cells (lib/csv.ts), UTF-8 with a BOM so spreadsheets read names correctly. The export is itself
 * audited with its filters.
 */
export async function exportAuditLogCsv(ctx: Ctx, filters: TAuditLogFilters, reply: FastifyReply): Promise<FastifyReply> {
  const where = await auditLogWhere(ctx.db, filters);
  await audit(ctx, { action: 'audit_log.exported', details: { ...filters } });
  async function* lines() {
    yield toCsv(HEADER, [], { bom: true });
    let last: string | undefined;
    for (;;) {
      const rows = await auditRows(ctx.db, where, last === undefined ? undefined : [last], BATCH);
      if (rows.length === 0) return;
      yield rows
        .map((r) => `${[r.at, r.actorName ?? 'System', r.actorEmail, r.description, r.action, r.target, r.ip].map(csvField).join(',')}\r\n`)
        .join('');
      if (rows.length < BATCH) return;
      last = rows.at(-1)!.id;
    }
  }
  const day = ctx.clock.now().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8; header=present')
    .header('content-disposition', `attachment; filename="audit-log_${day}.csv"`)
    .send(Readable.from(lines()));
}
