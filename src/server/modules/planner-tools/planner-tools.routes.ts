import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZResource,
  ZResourceList,
  ZResourceParams,
  ZResourceQuery,
  ZToolClients,
  ZToolClientsQuery,
  ZToolEstateParams,
} from '../../../core/planner-tools.schemas.ts';
import { attachment } from '../../lib/attachment.ts';
import { clientProgressCsv } from './client-progress-csv.ts';
import { documentWorksheetPdf } from './document-worksheet.ts';
import { legacyChecklistPdf } from './legacy-checklist.ts';
import { getResource, listResources } from './resources.ts';
import { listToolClients } from './tool-clients.ts';

/** The planner's Assistance Tools (files made from a client's progress) and Learning Resources. */
export async function plannerToolsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['legacy-planner'];
  const permission = 'read:loved-one:own' as const;

  app.get(
    '/api/v1/planner/tools/clients',
    {
      schema: { tags, summary: 'The planner’s clients by name, for the tools’ pickers (keyset-paged)', querystring: ZToolClientsQuery, response: { 200: ZToolClients } },
      config: { permission },
    },
    async (req) => listToolClients(req.ctx, req.query),
  );
  app.get(
    '/api/v1/planner/tools/legacy-checklist/:estateId',
    { schema: { tags, summary: 'A client’s Legacy Checklist (PDF)', params: ZToolEstateParams, produces: ['application/pdf'] }, config: { permission } },
    async (req, reply) => {
      const { filename, body } = await legacyChecklistPdf(req.ctx, req.params.estateId);
      return attachment(reply, 'application/pdf', filename).send(body);
    },
  );
  app.get(
    '/api/v1/planner/tools/document-worksheet/:estateId',
    { schema: { tags, summary: 'A client’s Document Gathering Worksheet (PDF)', params: ZToolEstateParams, produces: ['application/pdf'] }, config: { permission } },
    async (req, reply) => {
      const { filename, body } = await documentWorksheetPdf(req.ctx, req.params.estateId);
      return attachment(reply, 'application/pdf', filename).send(body);
    },
  );
  app.get(
    '/api/v1/planner/tools/client-progress.csv',
    { schema: { tags, summary: 'Every client’s progress (CSV, RFC 4180, formula-safe)', produces: ['text/csv'] }, config: { permission } },
    async (req, reply) => {
      const { filename, body, truncated } = await clientProgressCsv(req.ctx);
      return attachment(reply, 'text/csv; charset=utf-8; header=present', filename).header('x-export-truncated', String(truncated)).send(body);
    },
  );
  app.get(
    '/api/v1/planner/resources',
    { schema: { tags, summary: 'Learning Resources, searched over title, summary and text', querystring: ZResourceQuery, response: { 200: ZResourceList } }, config: { permission } },
    async (req) => listResources(req.query),
  );
  app.get(
    '/api/v1/planner/resources/:slug',
    { schema: { tags, summary: 'One article, as HTML', params: ZResourceParams, response: { 200: ZResource } }, config: { permission } },
    async (req) => getResource(req.params.slug),
  );
}
