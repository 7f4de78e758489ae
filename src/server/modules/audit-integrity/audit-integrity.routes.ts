import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAuditVerification, ZSnapshotSummary } from '../../../core/audit-integrity.schemas.ts';
import { ZIdParams } from '../../../core/common.schemas.ts';
import { contentDisposition } from '../../storage/stored-files.ts';
import { findOwnSnapshot, getActivationSnapshot } from './get-activation-snapshot.ts';
import { verifyAuditRecord } from './verify-audit-record.ts';

/** The tamper-evident record (ADR 0045): the admin's chain check and a beneficiary's activation manifest. */
export async function auditIntegrityRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/v1/admin/logs/verify',
    { schema: { tags: ['admin'], summary: 'Walk every audit chain and name the first broken link', response: { 200: ZAuditVerification } }, config: { permission: 'read:audit-log:any' } },
    async (req) => verifyAuditRecord(req.ctx),
  );
  const config = { permission: 'read:shared-content:own' } as const;
  app.get(
    '/api/v1/shared/estates/:id/snapshot',
    { schema: { tags: ['shared'], params: ZIdParams, response: { 200: ZSnapshotSummary } }, config },
    async (req) => getActivationSnapshot(req.ctx, req.params.id),
  );
  app.get(
    '/api/v1/shared/estates/:id/snapshot.json',
    { schema: { tags: ['shared'], summary: 'The activation manifest, byte for byte as frozen (its SHA-256 is in the audit record)', params: ZIdParams }, config },
    async (req, reply) => {
      const row = await findOwnSnapshot(req.ctx, req.params.id);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `activation-manifest-${req.params.id}.json`))
        .header('x-content-sha256', row.sha256)
        .send(row.manifest);
    },
  );
}
