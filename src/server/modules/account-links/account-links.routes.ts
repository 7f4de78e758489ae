import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZChangeEmailRequest,
  ZChangeEmailResponse,
  ZConfirmEmailRequest,
  ZConfirmEmailResponse,
  ZForgotPasswordRequest,
  ZForgotPasswordResponse,
  ZResetPasswordRequest,
  ZSendVerificationResponse,
} from '../../../core/account-links.schemas.ts';
import { ZOkResponse } from '../../../core/common.schemas.ts';
import { SIGN_IN_RATE_LIMIT_PER_MINUTE } from '../../../core/constants.ts';
import { confirmEmail } from './confirm-email.ts';
import { requestEmailChange } from './request-email-change.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { resetPassword } from './reset-password.ts';
import { sendVerificationEmail } from './send-verification-email.ts';

/** Per client address, like sign-in: links and passwords are guessed one request at a time. */
const rateLimit = { max: SIGN_IN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

export async function accountLinksRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  app.post(
    '/api/v1/auth/password/forgot',
    {
      schema: { tags, summary: 'Forgot password: a reset link is emailed (the same answer for an unknown address)', body: ZForgotPasswordRequest, response: { 202: ZForgotPasswordResponse } },
      config: { public: true, rateLimit },
    },
    async (req, reply) => reply.code(202).send(await requestPasswordReset(req.baseCtx, req.body)),
  );
  app.post(
    '/api/v1/auth/password/reset',
    { schema: { tags, summary: 'Follow a reset link with a new password; ends every session', body: ZResetPasswordRequest, response: { 200: ZOkResponse } }, config: { public: true, rateLimit } },
    async (req) => resetPassword(req.baseCtx, req.body),
  );
  app.post(
    '/api/v1/auth/email/confirm',
    { schema: { tags, summary: 'Follow an email verification or email change link', body: ZConfirmEmailRequest, response: { 200: ZConfirmEmailResponse } }, config: { public: true, rateLimit } },
    async (req) => confirmEmail(req.baseCtx, req.body),
  );
  app.post(
    '/api/v1/account/email',
    {
      schema: { tags, summary: 'Change the email address (current password; a link goes to the new address)', body: ZChangeEmailRequest, response: { 202: ZChangeEmailResponse } },
      config: { permission: 'update:account:own', rateLimit },
    },
    async (req, reply) => reply.code(202).send(await requestEmailChange(req.ctx, req.body)),
  );
  app.post(
    '/api/v1/account/email/verification',
    { schema: { tags, summary: 'Email a link that verifies the current address', response: { 200: ZSendVerificationResponse } }, config: { permission: 'update:account:own', rateLimit } },
    async (req) => sendVerificationEmail(req.ctx),
  );
}
