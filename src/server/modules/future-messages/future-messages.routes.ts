import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams, ZOkResponse } from '../../../core/common.schemas.ts';
import {
  ZFutureMessage,
  ZFutureMessageList,
  ZFutureMessageListQuery,
  ZFutureMessageOptions,
  ZFutureMessagePreview,
  ZSaveFutureMessageRequest,
} from '../../../core/future-messages.schemas.ts';
import { createFutureMessage } from './create-future-message.ts';
import { deleteFutureMessage } from './delete-future-message.ts';
import { getComposeOptions } from './get-compose-options.ts';
import { getFutureMessage, getSealedFutureMessage } from './get-future-message.ts';
import { ZSealedPart } from '../../../core/estate-seal.schemas.ts';
import { listFutureMessages } from './list-future-messages.ts';
import { previewFutureMessage } from './preview-future-message.ts';
import { updateFutureMessage } from './update-future-message.ts';

export async function futureMessagesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['future-messages'];
  app.get(
    '/api/v1/future-messages',
    { schema: { tags, querystring: ZFutureMessageListQuery, response: { 200: ZFutureMessageList } }, config: { permission: 'read:future-message:own' } },
    async (req) => listFutureMessages(req.ctx, req.query),
  );
  app.get(
    '/api/v1/future-messages/options',
    { schema: { tags, response: { 200: ZFutureMessageOptions } }, config: { permission: 'create:future-message:own' } },
    async (req) => getComposeOptions(req.ctx),
  );
  app.post(
    '/api/v1/future-messages',
    { schema: { tags, body: ZSaveFutureMessageRequest, response: { 201: ZFutureMessage } }, config: { permission: 'create:future-message:own' } },
    async (req, reply) => reply.code(201).send(await createFutureMessage(req.ctx, req.body)),
  );
  app.get(
    '/api/v1/future-messages/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZFutureMessage } }, config: { permission: 'read:future-message:own' } },
    async (req) => getFutureMessage(req.ctx, req.params.id),
  );
  app.get(
    '/api/v1/future-messages/:id/sealed',
    { schema: { tags, params: ZIdParams, response: { 200: ZSealedPart } }, config: { permission: 'read:future-message:own' } },
    async (req) => getSealedFutureMessage(req.ctx, req.params.id),
  );
  app.get(
    '/api/v1/future-messages/:id/preview',
    { schema: { tags, params: ZIdParams, response: { 200: ZFutureMessagePreview } }, config: { permission: 'read:future-message:own' } },
    async (req) => previewFutureMessage(req.ctx, req.params.id),
  );
  app.put(
    '/api/v1/future-messages/:id',
    {
      schema: { tags, params: ZIdParams, body: ZSaveFutureMessageRequest, response: { 200: ZFutureMessage } },
      config: { permission: 'update:future-message:own' },
    },
    async (req) => updateFutureMessage(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/api/v1/future-messages/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZOkResponse } }, config: { permission: 'delete:future-message:own' } },
    async (req) => {
      await deleteFutureMessage(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );
}
