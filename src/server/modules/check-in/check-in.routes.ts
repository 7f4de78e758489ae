import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCheckIn,
  ZCheckInAnswerRequest,
  ZCheckInLinkRequest,
  ZCheckInLinkResponse,
  ZCheckInQuestion,
  ZUpdateCheckInRequest,
} from '../../../core/check-in.schemas.ts';
import { ZIdParams } from '../../../core/common.schemas.ts';
import { SIGN_IN_RATE_LIMIT_PER_MINUTE } from '../../../core/constants.ts';
import { answerCheckInQuestion, getCheckInQuestion } from './answer-check-in.ts';
import { followCheckInLink } from './check-in-link.ts';
import { checkInNow, getCheckIn, updateCheckIn } from '../../settings/check-in-settings.ts';

/** The check-in switch (issue 13 item 1, ADR 0046): the owner's settings, "I'm here", the emailed link, the trustees' answers. */
export async function checkInRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['check-in'];
  app.get('/api/v1/check-in', { schema: { tags, summary: "The owner's check-in switch", response: { 200: ZCheckIn } }, config: { permission: 'read:estate:own' } }, async (req) =>
    getCheckIn(req.ctx),
  );
  app.patch(
    '/api/v1/check-in',
    {
      schema: { tags, summary: 'Turn the check-in on or off, choose its period, pause it until a date (counts as a check-in)', body: ZUpdateCheckInRequest, response: { 200: ZCheckIn } },
      config: { permission: 'update:estate:own' },
    },
    async (req) => updateCheckIn(req.ctx, req.body),
  );
  app.post('/api/v1/check-in', { schema: { tags, summary: "\"I'm here\": check in now", response: { 200: ZCheckIn } }, config: { permission: 'update:estate:own' } }, async (req) =>
    checkInNow(req.ctx),
  );
  app.post(
    '/api/v1/check-in/link',
    {
      schema: { tags, summary: 'The button behind the emailed one-click "I\'m here" link (single use)', body: ZCheckInLinkRequest, response: { 200: ZCheckInLinkResponse } },
      config: { public: true, rateLimit: { max: SIGN_IN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (req) => followCheckInLink(req.baseCtx, req.body),
  );
  // Trustees are beneficiaries or support-team members: any signed-in account; the service checks isTrustee.
  app.get(
    '/api/v1/check-in/questions/:id',
    { schema: { tags, summary: 'A trustee\'s "Is <owner> all right?" question', params: ZIdParams, response: { 200: ZCheckInQuestion } }, config: { permission: 'read:account:own' } },
    async (req) => getCheckInQuestion(req.ctx, req.params.id),
  );
  app.post(
    '/api/v1/check-in/questions/:id/answer',
    {
      schema: { tags, summary: 'A trustee answers (never releases anything, never checks the owner in)', params: ZIdParams, body: ZCheckInAnswerRequest, response: { 200: ZCheckInQuestion } },
      config: { permission: 'update:account:own' },
    },
    async (req) => answerCheckInQuestion(req.ctx, req.params.id, req.body),
  );
}
