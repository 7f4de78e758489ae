import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams, zId } from '../../../core/common.schemas.ts';
import { ZEstateReport, ZOwnerLifecycle, ZReportableEstates, ZReportableEstatesQuery } from '../../../core/lifecycle.schemas.ts';
import { getOwnerLifecycle, withdrawReport } from './owner-lifecycle.ts';
import { reportEstate } from './report-estate.ts';
import { listReportableEstates } from './reportable-estates.ts';

const ZEstateParams = z.object({ estateId: zId }).strict();

/** Reporting a death or incapacity (PRODUCT.md §5), and the owner's view of a report and its cancel. */
export async function estateReportsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['estate-lifecycle'];

  // reporting (beneficiaries and support-team members linked to the estate)
  app.get(
    '/api/v1/reportable-estates',
    { schema: { tags, querystring: ZReportableEstatesQuery, response: { 200: ZReportableEstates } }, config: { permission: 'create:verification:own' } },
    async (req) => listReportableEstates(req.ctx, req.query),
  );
  app.post(
    '/api/v1/estates/:estateId/reports',
    {
      schema: {
        tags,
        summary: 'Report a death or incapacity (multipart: `data` JSON, then proof files named death_certificate, will, power_of_attorney, medical)',
        params: ZEstateParams,
        consumes: ['multipart/form-data'],
        response: { 201: ZEstateReport },
      },
      config: { permission: 'create:verification:own' },
    },
    async (req, reply) => reply.code(201).send(await reportEstate(req.ctx, req.params.estateId, req.parts())),
  );

  // the owner
  app.get(
    '/api/v1/estate/lifecycle',
    { schema: { tags, response: { 200: ZOwnerLifecycle } }, config: { permission: 'read:estate:own' } },
    async (req) => getOwnerLifecycle(req.ctx),
  );
  app.post(
    '/api/v1/estate/reports/:id/withdraw',
    { schema: { tags, summary: 'The owner cancels a report about them', params: ZIdParams, response: { 200: ZOwnerLifecycle } }, config: { permission: 'update:estate:own' } },
    async (req) => withdrawReport(req.ctx, req.params.id),
  );
}
