import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../core/common.schemas.ts';
import { ZDemoMail, ZDemoMailListQuery, ZDemoMailPage } from '../../../core/demo-mail.schemas.ts';
import { listDemoMail, readDemoMail } from './read-demo-mail.ts';

/**
 * Demo mode only (404 otherwise), and public: a demo is a local showroom (refused with
 * NODE_ENV=production), and a visitor who signs up with a made-up address must be able to read its
 * link (ADR 0006).
 */
export async function demoMailRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['demo'];

  app.get(
    '/api/v1/demo/mail',
    { schema: { tags, summary: 'Demo mode: the mail the platform sent', querystring: ZDemoMailListQuery, response: { 200: ZDemoMailPage } }, config: { public: true } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listDemoMail(req.baseCtx, req.query);
    },
  );
  app.get(
    '/api/v1/demo/mail/:id',
    { schema: { tags, summary: 'Demo mode: one mail, as plain text', params: ZIdParams, response: { 200: ZDemoMail } }, config: { public: true } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return readDemoMail(req.baseCtx, req.params.id);
    },
  );
}
