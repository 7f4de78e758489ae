import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams, zId } from '../../../core/common.schemas.ts';
import { ZAdministeredBeneficiaryPage, ZAdministeredBeneficiaryQuery, ZAdministeredEstateDetail, ZAdministeredEstatePage, ZAdministeredEstateQuery, ZAlertList, ZAlertQuery, ZEstateAdministratorDashboard, ZEstateAdministratorSettings, ZEstateAlert, ZTransitionRequest } from '../../../core/lifecycle.schemas.ts';
import { ZAdministeredBeneficiaryAccessView } from '../../../core/beneficiaries.schemas.ts';
import { getAdministeredBeneficiaryAccess } from './beneficiary-access.ts';
import { getEstateAdministratorDashboard } from './dashboard.ts';
import { getAdministeredEstate, listAdministeredEstateBeneficiaries, listAdministeredEstates, transitionAdministeredEstate } from './administered-estates.ts';
import { listAlerts, moveAlert } from './alerts.ts';
import { getEstateAdministratorSettings, updateEstateAdministratorSettings } from './administrator-settings.ts';

const ZBeneficiaryAccessParams = z.object({ id: zId, beneficiaryId: zId }).strict();

/** The estate administrator's area: dashboard, administered estates and their beneficiaries, transitions, alerts and settings. */
export async function estateAdministrationRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['estate-administrator'];

  app.get(
    '/api/v1/estate-admin/dashboard',
    { schema: { tags, response: { 200: ZEstateAdministratorDashboard } }, config: { permission: 'read:verification:own' } },
    async (req) => getEstateAdministratorDashboard(req.ctx),
  );
  app.get(
    '/api/v1/estate-admin/estates',
    { schema: { tags, querystring: ZAdministeredEstateQuery, response: { 200: ZAdministeredEstatePage } }, config: { permission: 'read:verification:own' } },
    async (req) => listAdministeredEstates(req.ctx, req.query),
  );
  app.get(
    '/api/v1/estate-admin/estates/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZAdministeredEstateDetail } }, config: { permission: 'read:verification:own' } },
    async (req) => getAdministeredEstate(req.ctx, req.params.id),
  );
  app.get(
    '/api/v1/estate-admin/estates/:id/beneficiaries',
    {
      schema: { tags, params: ZIdParams, querystring: ZAdministeredBeneficiaryQuery, response: { 200: ZAdministeredBeneficiaryPage } },
      config: { permission: 'read:verification:own' },
    },
    async (req) => listAdministeredEstateBeneficiaries(req.ctx, req.params.id, req.query),
  );
  app.get(
    '/api/v1/estate-admin/estates/:id/beneficiaries/:beneficiaryId/access',
    {
      schema: { tags, summary: 'View Access of one beneficiary (read-only)', params: ZBeneficiaryAccessParams, response: { 200: ZAdministeredBeneficiaryAccessView } },
      config: { permission: 'read:verification:own' },
    },
    async (req) => getAdministeredBeneficiaryAccess(req.ctx, req.params.id, req.params.beneficiaryId),
  );
  app.post(
    '/api/v1/estate-admin/estates/:id/transition',
    { schema: { tags, params: ZIdParams, body: ZTransitionRequest, response: { 200: ZAdministeredEstateDetail } }, config: { permission: 'update:verification:own' } },
    async (req) => transitionAdministeredEstate(req.ctx, req.params.id, req.body.event),
  );
  app.get(
    '/api/v1/estate-admin/alerts',
    { schema: { tags, querystring: ZAlertQuery, response: { 200: ZAlertList } }, config: { permission: 'read:alert:own' } },
    async (req) => listAlerts(req.ctx, req.query),
  );
  app.post(
    '/api/v1/estate-admin/alerts/:id/take-action',
    { schema: { tags, params: ZIdParams, response: { 200: ZEstateAlert } }, config: { permission: 'update:alert:own' } },
    async (req) => moveAlert(req.ctx, req.params.id, 'in_progress'),
  );
  app.post(
    '/api/v1/estate-admin/alerts/:id/resolve',
    { schema: { tags, params: ZIdParams, response: { 200: ZEstateAlert } }, config: { permission: 'update:alert:own' } },
    async (req) => moveAlert(req.ctx, req.params.id, 'resolved'),
  );
  app.get(
    '/api/v1/estate-admin/settings',
    { schema: { tags, response: { 200: ZEstateAdministratorSettings } }, config: { permission: 'read:verification:own' } },
    async (req) => getEstateAdministratorSettings(req.ctx),
  );
  app.put(
    '/api/v1/estate-admin/settings',
    { schema: { tags, body: ZEstateAdministratorSettings, response: { 200: ZEstateAdministratorSettings } }, config: { permission: 'update:verification:own' } },
    async (req) => updateEstateAdministratorSettings(req.ctx, req.body),
  );
}
