import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../core/common.schemas.ts';
import {
  ZComposeMessageRequest,
  ZContactList,
  ZContactQuery,
  ZInboxList,
  ZInboxQuery,
  ZReplyRequest,
  ZThread,
  ZThreadQuery,
  ZUnreadCount,
} from '../../../core/inbox.schemas.ts';
import { composeMessage } from './compose-message.ts';
import { countUnread } from './count-unread.ts';
import { getThread } from './get-thread.ts';
import { listContacts } from './list-contacts.ts';
import { listInbox } from './list-inbox.ts';
import { markThreadRead } from './mark-thread-read.ts';
import { replyToThread } from './reply-to-thread.ts';

export async function inboxRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['inbox'];

  app.get(
    '/api/v1/inbox',
    { schema: { tags, querystring: ZInboxQuery, response: { 200: ZInboxList } }, config: { permission: 'read:message:own' } },
    async (req) => listInbox(req.ctx, req.query),
  );
  app.get(
    '/api/v1/inbox/unread-count',
    { schema: { tags, response: { 200: ZUnreadCount } }, config: { permission: 'read:message:own' } },
    async (req) => countUnread(req.ctx),
  );
  app.get(
    '/api/v1/inbox/contacts',
    { schema: { tags, querystring: ZContactQuery, response: { 200: ZContactList } }, config: { permission: 'read:message:own' } },
    async (req) => listContacts(req.ctx, req.query),
  );
  app.get(
    '/api/v1/inbox/threads/:id',
    { schema: { tags, params: ZIdParams, querystring: ZThreadQuery, response: { 200: ZThread } }, config: { permission: 'read:message:own' } },
    async (req) => getThread(req.ctx, req.params.id, req.query),
  );
  app.post(
    '/api/v1/inbox/threads/:id/read',
    { schema: { tags, params: ZIdParams, response: { 200: ZThread } }, config: { permission: 'update:message:own' } },
    async (req) => markThreadRead(req.ctx, req.params.id),
  );
  app.post(
    '/api/v1/inbox/threads/:id/replies',
    { schema: { tags, params: ZIdParams, body: ZReplyRequest, response: { 201: ZThread } }, config: { permission: 'create:message:own' } },
    async (req, reply) => reply.code(201).send(await replyToThread(req.ctx, req.params.id, req.body)),
  );
  app.post(
    '/api/v1/inbox/messages',
    { schema: { tags, body: ZComposeMessageRequest, response: { 201: ZThread } }, config: { permission: 'create:message:own' } },
    async (req, reply) => reply.code(201).send(await composeMessage(req.ctx, req.body)),
  );
}
