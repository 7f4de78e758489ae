import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZReleaseSafeguards, ZSetTrusteesRequest, ZUpdateReleaseRulesRequest } from '../../../core/release-safeguards.schemas.ts';
import { SIGN_IN_RATE_LIMIT_PER_MINUTE } from '../../../core/constants.ts';
import { ZReportIdParams, ZTrusteeAnswerRequest, ZTrusteeReport, ZTrusteeReports, ZTrusteeReportsQuery, ZVetoCancelled, ZVetoLinkPreview, ZVetoTokenRequest } from '../../../core/trustee.schemas.ts';
import { getReleaseSafeguards } from './get-release-safeguards.ts';
import { answerTrusteeReport, listTrusteeReports } from './trustee-reports.ts';
import { cancelByVetoLink, previewVetoLink } from './veto-links.ts';

/** Per client address, like sign-in: a cancel link is guessed one request at a time. */
const rateLimit = { max: SIGN_IN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
import { setTrustees } from './set-trustees.ts';
import { updateReleaseRules } from './update-release-rules.ts';

export async function releaseSafeguardsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['release-safeguards'];
  app.get(
    '/api/v1/release-safeguards',
    { schema: { tags, response: { 200: ZReleaseSafeguards } }, config: { permission: 'read:estate:own' } },
    async (req) => getReleaseSafeguards(req.ctx),
  );
  app.put(
    '/api/v1/release-safeguards/trustees',
    { schema: { tags, body: ZSetTrusteesRequest, response: { 200: ZReleaseSafeguards } }, config: { permission: 'update:estate:own' } },
    async (req) => setTrustees(req.ctx, req.body),
  );
  app.patch(
    '/api/v1/release-safeguards/rules',
    { schema: { tags, body: ZUpdateReleaseRulesRequest, response: { 200: ZReleaseSafeguards } }, config: { permission: 'update:estate:own' } },
    async (req) => updateReleaseRules(req.ctx, req.body),
  );

  // A trustee's reports: any signed-in user; the service shows only the reports they were asked about.
  app.get(
    '/api/v1/trustee/reports',
    { schema: { tags, querystring: ZTrusteeReportsQuery, response: { 200: ZTrusteeReports } }, config: { permission: 'read:account:own' } },
    async (req) => listTrusteeReports(req.ctx, req.query),
  );
  app.post(
    '/api/v1/trustee/reports/:reportId/answer',
    { schema: { tags, params: ZReportIdParams, body: ZTrusteeAnswerRequest, response: { 200: ZTrusteeReport } }, config: { permission: 'update:account:own' } },
    async (req) => answerTrusteeReport(req.ctx, req.params.reportId, req.body.answer),
  );
  // The owner's emailed single-use cancel link (no sign-in): reading it changes nothing; only the POST cancels.
  app.post(
    '/api/v1/veto-links/preview',
    { schema: { tags, body: ZVetoTokenRequest, response: { 200: ZVetoLinkPreview } }, config: { public: true, rateLimit } },
    async (req) => previewVetoLink(req.baseCtx, req.body.token),
  );
  app.post(
    '/api/v1/veto-links/cancel',
    { schema: { tags, body: ZVetoTokenRequest, response: { 200: ZVetoCancelled } }, config: { public: true, rateLimit } },
    async (req) => cancelByVetoLink(req.baseCtx, req.body.token),
  );
}
