import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../core/common.schemas.ts';
import {
  ZLatestLegacyExport,
  ZLegacyExport,
  ZLegacyExportLink,
  ZLegacyExportLinkStatus,
  ZLegacyExportTokenParams,
  ZStartLegacyExportRequest,
} from '../../../core/legacy-export.schemas.ts';
import { checkDownloadLink, downloadLegacyExport } from './download-legacy-export.ts';
import { issueDownloadLink } from './download-link.ts';
import { getLatestLegacyExport } from './get-latest-legacy-export.ts';
import { startLegacyExport } from './start-legacy-export.ts';

/** "Export my legacy" (ADR 0038): start, follow, and download once. */
export async function legacyExportRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['legacy-export'];

  app.post(
    '/api/v1/legacy-exports',
    {
      schema: { tags, summary: 'Start an archive of everything (secrets only with the password)', body: ZStartLegacyExportRequest, response: { 202: ZLegacyExport } },
      config: { permission: 'read:estate:own' },
    },
    async (req, reply) => reply.code(202).send(await startLegacyExport(req.ctx, req.body)),
  );
  app.get(
    '/api/v1/legacy-exports/latest',
    { schema: { tags, response: { 200: ZLatestLegacyExport } }, config: { permission: 'read:estate:own' } },
    async (req) => getLatestLegacyExport(req.ctx),
  );
  app.post(
    '/api/v1/legacy-exports/:id/link',
    { schema: { tags, summary: 'A fresh single-use download link', params: ZIdParams, response: { 200: ZLegacyExportLink } }, config: { permission: 'read:estate:own' } },
    async (req) => issueDownloadLink(req.ctx, req.params.id),
  );
  app.get(
    '/api/v1/legacy-exports/links/:token',
    { schema: { tags, summary: 'Whether a download link still works', params: ZLegacyExportTokenParams, response: { 200: ZLegacyExportLinkStatus } }, config: { permission: 'read:estate:own' } },
    async (req) => checkDownloadLink(req.ctx, req.params.token),
  );
  app.get(
    '/api/v1/legacy-exports/download/:token',
    { schema: { tags, summary: 'Download the archive (once)', params: ZLegacyExportTokenParams }, config: { permission: 'read:estate:own' } },
    async (req, reply) => downloadLegacyExport(req.ctx, req.params.token, reply),
  );
}
