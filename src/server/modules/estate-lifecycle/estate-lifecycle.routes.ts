import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams, zId } from '../../../core/common.schemas.ts';
import {
  ZAdminBeneficiaryPage,
  ZAdminBeneficiaryQuery,
  ZAdminEstateDetail,
  ZAdminEstatePage,
  ZAdminEstateQuery,
  ZAlertList,
  ZAlertQuery,
  ZEstateAdminDashboard,
  ZEstateAdminSettings,
  ZEstateAlert,
  ZEstateReport,
  ZOwnerLifecycle,
  ZPreviewUrl,
  ZRejectRequest,
  ZReportableEstates,
  ZReportableEstatesQuery,
  ZTransitionRequest,
  ZVerificationItem,
  ZVerificationPage,
  ZVerificationQuery,
} from '../../../core/lifecycle.schemas.ts';
import { ZAdminBeneficiaryAccessView } from '../../../core/beneficiaries.schemas.ts';
import { getAdminBeneficiaryAccess } from './admin-beneficiary-access.ts';
import { getEstateAdminDashboard } from './admin-dashboard.ts';
import { getAdminEstate, listAdminEstateBeneficiaries, listAdminEstates, transitionAdminEstate } from './admin-estates.ts';
import { listAlerts, moveAlert } from './alerts.ts';
import { getEstateAdminSettings, updateEstateAdminSettings } from './estate-admin-settings.ts';
import { listVerifications } from './list-verifications.ts';
import { getOwnerLifecycle, withdrawReport } from './owner-lifecycle.ts';
import { reportEstate } from './report-estate.ts';
import { listReportableEstates } from './reportable-estates.ts';
import { reviewVerification } from './review-verification.ts';
import { previewVerification, sendVerificationFile } from './verification-preview.ts';

const ZEstateParams = z.object({ estateId: zId }).strict();
const ZBeneficiaryAccessParams = z.object({ id: zId, beneficiaryId: zId }).strict();
const ZPreviewLink = z.object({ exp: z.string().regex(/^\d{1,16}$/, { message: 'Not a valid link' }), sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'Not a valid link' }) }).strict();

/** The estate lifecycle (PRODUCT.md §5): reports, the owner's cancel, and the estate administrator's area. */
export async function estateLifecycleRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['estate-lifecycle'];
  const admin = ['estate-administrator'];

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

  // the estate administrator
  app.get(
    '/api/v1/estate-admin/dashboard',
    { schema: { tags: admin, response: { 200: ZEstateAdminDashboard } }, config: { permission: 'read:verification:own' } },
    async (req) => getEstateAdminDashboard(req.ctx),
  );
  app.get(
    '/api/v1/estate-admin/estates',
    { schema: { tags: admin, querystring: ZAdminEstateQuery, response: { 200: ZAdminEstatePage } }, config: { permission: 'read:verification:own' } },
    async (req) => listAdminEstates(req.ctx, req.query),
  );
  app.get(
    '/api/v1/estate-admin/estates/:id',
    { schema: { tags: admin, params: ZIdParams, response: { 200: ZAdminEstateDetail } }, config: { permission: 'read:verification:own' } },
    async (req) => getAdminEstate(req.ctx, req.params.id),
  );
  app.get(
    '/api/v1/estate-admin/estates/:id/beneficiaries',
    {
      schema: { tags: admin, params: ZIdParams, querystring: ZAdminBeneficiaryQuery, response: { 200: ZAdminBeneficiaryPage } },
      config: { permission: 'read:verification:own' },
    },
    async (req) => listAdminEstateBeneficiaries(req.ctx, req.params.id, req.query),
  );
  app.get(
    '/api/v1/estate-admin/estates/:id/beneficiaries/:beneficiaryId/access',
    {
      schema: { tags: admin, summary: 'View Access of one beneficiary (read-only)', params: ZBeneficiaryAccessParams, response: { 200: ZAdminBeneficiaryAccessView } },
      config: { permission: 'read:verification:own' },
    },
    async (req) => getAdminBeneficiaryAccess(req.ctx, req.params.id, req.params.beneficiaryId),
  );
  app.post(
    '/api/v1/estate-admin/estates/:id/transition',
    { schema: { tags: admin, params: ZIdParams, body: ZTransitionRequest, response: { 200: ZAdminEstateDetail } }, config: { permission: 'update:verification:own' } },
    async (req) => transitionAdminEstate(req.ctx, req.params.id, req.body.event),
  );
  app.get(
    '/api/v1/estate-admin/verifications',
    { schema: { tags: admin, querystring: ZVerificationQuery, response: { 200: ZVerificationPage } }, config: { permission: 'read:verification:own' } },
    async (req) => listVerifications(req.ctx, req.query),
  );
  app.post(
    '/api/v1/estate-admin/verifications/:id/approve',
    { schema: { tags: admin, params: ZIdParams, response: { 200: ZVerificationItem } }, config: { permission: 'update:verification:own' } },
    async (req) => reviewVerification(req.ctx, req.params.id, { approve: true }),
  );
  app.post(
    '/api/v1/estate-admin/verifications/:id/reject',
    { schema: { tags: admin, params: ZIdParams, body: ZRejectRequest, response: { 200: ZVerificationItem } }, config: { permission: 'update:verification:own' } },
    async (req) => reviewVerification(req.ctx, req.params.id, { approve: false, reason: req.body.reason }),
  );
  app.post(
    '/api/v1/estate-admin/verifications/:id/preview',
    { schema: { tags: admin, params: ZIdParams, response: { 200: ZPreviewUrl } }, config: { permission: 'read:verification:own' } },
    async (req) => previewVerification(req.ctx, req.params.id),
  );
  app.get(
    '/api/v1/verification-files/:id',
    {
      schema: { tags: admin, summary: 'The preview frame’s document (short-lived, for the administrator it was made for)', params: ZIdParams, querystring: ZPreviewLink },
      config: { permission: 'read:verification:own' },
    },
    async (req, reply) => sendVerificationFile(req.ctx, req.params.id, req.query, reply),
  );
  app.get(
    '/api/v1/estate-admin/alerts',
    { schema: { tags: admin, querystring: ZAlertQuery, response: { 200: ZAlertList } }, config: { permission: 'read:alert:own' } },
    async (req) => listAlerts(req.ctx, req.query),
  );
  app.post(
    '/api/v1/estate-admin/alerts/:id/take-action',
    { schema: { tags: admin, params: ZIdParams, response: { 200: ZEstateAlert } }, config: { permission: 'update:alert:own' } },
    async (req) => moveAlert(req.ctx, req.params.id, 'in_progress'),
  );
  app.post(
    '/api/v1/estate-admin/alerts/:id/resolve',
    { schema: { tags: admin, params: ZIdParams, response: { 200: ZEstateAlert } }, config: { permission: 'update:alert:own' } },
    async (req) => moveAlert(req.ctx, req.params.id, 'resolved'),
  );
  app.get(
    '/api/v1/estate-admin/settings',
    { schema: { tags: admin, response: { 200: ZEstateAdminSettings } }, config: { permission: 'read:verification:own' } },
    async (req) => getEstateAdminSettings(req.ctx),
  );
  app.put(
    '/api/v1/estate-admin/settings',
    { schema: { tags: admin, body: ZEstateAdminSettings, response: { 200: ZEstateAdminSettings } }, config: { permission: 'update:verification:own' } },
    async (req) => updateEstateAdminSettings(req.ctx, req.body),
  );
}
