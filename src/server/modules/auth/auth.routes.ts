import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZDemoSignInRequest,
  ZSessionResponse,
  ZSessionUser,
  ZSignInRequest,
  ZSignUpRequest,
  ZSignUpResponse,
  ZConfirmSignUpRequest,
} from '../../../core/auth.schemas.ts';
import { DEMO_SIGN_IN_RATE_LIMIT_PER_MINUTE, SIGN_IN_RATE_LIMIT_PER_MINUTE } from '../../../core/constants.ts';
import { ZOkResponse } from '../../../core/common.schemas.ts';
import { audit, auditedSessionId } from '../../lib/audit.ts';
import { randomToken } from '../../lib/tokens.ts';
import { getSystemSettings } from '../../settings/get-system-settings.ts';
import { demoSignIn } from './demo-sign-in.ts';
import { CSRF_COOKIE, SESSION_COOKIE, actorToSessionUser, endSession } from '../../identity/sessions.ts';
import { signIn } from './sign-in.ts';
import { confirmSignUp, requestSignUp } from './sign-up.ts';

const ZUserResponse = z.object({ user: ZSessionUser });
/** `deletionCancelled`: this sign-in cancelled the account's pending deletion (the page tells the user). */
const ZSignInResponse = ZUserResponse.extend({ deletionCancelled: z.boolean() });
const rateLimit = { max: SIGN_IN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
// Demo sign-in only exists in demo mode, where every visitor (and every browser test) uses it.
const demoRateLimit = { max: DEMO_SIGN_IN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

export async function authRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  app.get(
    '/api/v1/auth/session',
    { schema: { tags, response: { 200: ZSessionResponse } }, config: { public: true } },
    async (req, reply) => {
      let csrfToken = req.csrfToken;
      if (!csrfToken) {
        csrfToken = randomToken();
        reply.setCookie(CSRF_COOKIE, csrfToken, { path: '/', sameSite: 'strict', secure: req.baseCtx.config.cookieSecure });
      }
      const settings = await getSystemSettings(req.baseCtx.db);
      reply.header('cache-control', 'no-store');
      return {
        user: req.actor ? actorToSessionUser(req.actor) : null,
        csrfToken,
        demoMode: req.baseCtx.config.demoMode,
        systemName: settings.systemName,
        idleTimeoutMinutes: settings.sessionTimeoutMinutes,
        idleRemainingSeconds: req.idleRemainingSeconds,
        twoFactorSetupRequired: req.twoFactorSetupRequired,
      };
    },
  );

  app.post(
    '/api/v1/auth/sign-up',
    {
      schema: { tags, summary: 'Start a sign-up: a link is emailed (the same answer for a taken address)', body: ZSignUpRequest, response: { 202: ZSignUpResponse } },
      config: { public: true, rateLimit },
    },
    async (req, reply) => reply.code(202).send(await requestSignUp(req.baseCtx, req.body)),
  );

  app.post(
    '/api/v1/auth/sign-up/confirm',
    {
      schema: { tags, summary: 'Follow the emailed sign-up link: creates the account and signs in', body: ZConfirmSignUpRequest, response: { 201: ZUserResponse } },
      config: { public: true, rateLimit },
    },
    async (req, reply) => {
      const user = await confirmSignUp(req.baseCtx, reply, req.body, req.cookies[SESSION_COOKIE]);
      return reply.code(201).send({ user });
    },
  );

  app.post(
    '/api/v1/auth/sign-in',
    { schema: { tags, body: ZSignInRequest, response: { 200: ZSignInResponse } }, config: { public: true, rateLimit } },
    async (req, reply) => signIn(req.baseCtx, reply, req.body, req.cookies[SESSION_COOKIE]),
  );

  app.post(
    '/api/v1/auth/sign-out',
    { schema: { tags, response: { 200: ZOkResponse } }, config: { public: true } },
    async (req, reply) => {
      if (req.actor) {
        await audit(req.baseCtx, { action: 'auth.sign_out', targetType: 'session', targetId: auditedSessionId(req.actor.sessionId) });
        await endSession(req.baseCtx, reply, req.actor.sessionId);
      } else {
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
      }
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/demo/sign-in',
    { schema: { tags: ['demo'], body: ZDemoSignInRequest, response: { 200: ZUserResponse } }, config: { public: true, rateLimit: demoRateLimit } },
    async (req, reply) => ({ user: await demoSignIn(req.baseCtx, reply, req.body.persona, req.cookies[SESSION_COOKIE]) }),
  );
}
