import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOkResponse } from '../../../core/common.schemas.ts';
import {
  ZAccessOverview,
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZLogPage,
  ZLogQuery,
  ZRecoveryCodes,
  ZSecurityOverview,
  ZSessionParams,
  ZTwoFactorCodeRequest,
  ZTwoFactorSetup,
} from '../../../core/security.schemas.ts';
import { changePassword } from './change-password.ts';
import { confirmTwoFactor } from './confirm-two-factor.ts';
import { disableTwoFactor } from './disable-two-factor.ts';
import { getAccessOverview } from './get-access-overview.ts';
import { getSecurityOverview } from './get-security-overview.ts';
import { listActivityLog, listSecurityLog } from './list-audit-entries.ts';
import { revokeSession } from './revoke-session.ts';
import { startTwoFactorSetup } from './start-two-factor-setup.ts';

/** Codes and passwords are guessable one try at a time: a few tries a minute per client. */
const rateLimit = { max: 10, timeWindow: '1 minute' };

export async function securityRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['security'];
  app.get(
    '/api/v1/security',
    { schema: { tags, response: { 200: ZSecurityOverview } }, config: { permission: 'read:account:own', allowBeforeTwoFactor: true } },
    async (req) => getSecurityOverview(req.ctx),
  );
  app.post(
    '/api/v1/security/two-factor/setup',
    { schema: { tags, response: { 200: ZTwoFactorSetup } }, config: { permission: 'update:account:own', allowBeforeTwoFactor: true } },
    async (req) => startTwoFactorSetup(req.ctx),
  );
  app.post(
    '/api/v1/security/two-factor/confirm',
    {
      schema: { tags, body: ZTwoFactorCodeRequest, response: { 200: ZRecoveryCodes } },
      config: { permission: 'update:account:own', rateLimit, allowBeforeTwoFactor: true },
    },
    async (req) => confirmTwoFactor(req.ctx, req.body.code),
  );
  app.post(
    '/api/v1/security/two-factor/disable',
    { schema: { tags, body: ZTwoFactorCodeRequest, response: { 200: ZOkResponse } }, config: { permission: 'update:account:own', rateLimit } },
    async (req) => {
      await disableTwoFactor(req.ctx, req.body.code);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/v1/security/password',
    {
      schema: { tags, body: ZChangePasswordRequest, response: { 200: ZChangePasswordResponse } },
      config: { permission: 'update:account:own', rateLimit },
    },
    async (req) => changePassword(req.ctx, req.body),
  );
  app.get(
    '/api/v1/security/log',
    { schema: { tags, querystring: ZLogQuery, response: { 200: ZLogPage } }, config: { permission: 'read:account:own' } },
    async (req) => listSecurityLog(req.ctx, req.query),
  );
  app.get(
    '/api/v1/security/activity',
    { schema: { tags, querystring: ZLogQuery, response: { 200: ZLogPage } }, config: { permission: 'read:account:own' } },
    async (req) => listActivityLog(req.ctx, req.query),
  );
  app.get(
    '/api/v1/security/access',
    { schema: { tags, response: { 200: ZAccessOverview } }, config: { permission: 'read:account:own' } },
    async (req) => getAccessOverview(req.ctx),
  );
  app.delete(
    '/api/v1/security/sessions/:id',
    { schema: { tags, params: ZSessionParams, response: { 200: ZOkResponse } }, config: { permission: 'delete:account:own' } },
    async (req) => {
      await revokeSession(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );
}
