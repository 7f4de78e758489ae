import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../../core/common.schemas.ts';
import {
  GUESTBOOK_THANKS,
  MEMORIAL_ROBOTS,
  ZGuestbookMessage,
  ZMemorial,
  ZMemorialDraft,
  ZMemorialMessage,
  ZMemorialMessageParams,
  ZMemorialMessages,
  ZMemorialMessagesQuery,
  ZMemorialPage,
  ZMemorialPageQuery,
  ZMemorialTokenParams,
  ZPublishMemorial,
} from '../../../core/memorial.schemas.ts';
import { sendStoredFile } from '../../storage/stored-files.ts';
import { getMemorial, memorialPhotoFile } from './get-memorial.ts';
import { listMemorialMessages, reviewMemorialMessage } from './memorial-messages.ts';
import { getMemorialPage, leaveGuestbookMessage, memorialPagePhoto } from './memorial-page.ts';
import { publishMemorial, renewMemorialLink, saveMemorial, unpublishMemorial } from './save-memorial.ts';

/** A memorial's page is never indexed nor listed (issue 28): said to crawlers on every answer about it. */
const NO_INDEX = { 'x-robots-tag': MEMORIAL_ROBOTS };
/** Guestbook messages from one address, per minute. */
const GUESTBOOK_RATE_LIMIT = { max: 5, timeWindow: '1 minute' };

/** The memorial (issue 28 item 5): drafted, reviewed and published for an estate; read and signed by visitors. */
export async function memorialRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['memorial'];
  const url = '/api/v1/estates/:id/memorial';
  const read = { permission: 'read:settlement:own' } as const;
  const update = { permission: 'update:settlement:own' } as const;

  app.get(url, { schema: { tags, params: ZIdParams, response: { 200: ZMemorial } }, config: read }, async (req) => getMemorial(req.ctx, req.params.id));
  app.put(url, { schema: { tags, params: ZIdParams, body: ZMemorialDraft, response: { 200: ZMemorial } }, config: update }, async (req) => saveMemorial(req.ctx, req.params.id, req.body));
  app.get(`${url}/photo`, { schema: { tags, params: ZIdParams }, config: read }, async (req, reply) =>
    sendStoredFile(req.ctx, await memorialPhotoFile(req.ctx, req.params.id), reply, { inline: true }),
  );
  app.post(`${url}/publish`, { schema: { tags, params: ZIdParams, body: ZPublishMemorial, response: { 200: ZMemorial } }, config: update }, async (req) =>
    publishMemorial(req.ctx, req.params.id, req.body),
  );
  app.post(`${url}/unpublish`, { schema: { tags, params: ZIdParams, response: { 200: ZMemorial } }, config: update }, async (req) => unpublishMemorial(req.ctx, req.params.id));
  app.post(`${url}/new-link`, { schema: { tags, params: ZIdParams, response: { 200: ZMemorial } }, config: update }, async (req) => renewMemorialLink(req.ctx, req.params.id));
  app.get(`${url}/messages`, { schema: { tags, params: ZIdParams, querystring: ZMemorialMessagesQuery, response: { 200: ZMemorialMessages } }, config: read }, async (req) =>
    listMemorialMessages(req.ctx, req.params.id, req.query),
  );
  for (const [verb, outcome] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(`${url}/messages/:messageId/${verb}`, { schema: { tags, params: ZMemorialMessageParams, response: { 200: ZMemorialMessage } }, config: update }, async (req) =>
      reviewMemorialMessage(req.ctx, req.params.id, req.params.messageId, outcome),
    );
  }

  const page = '/api/v1/memorials/:token';
  app.get(page, { schema: { tags, params: ZMemorialTokenParams, querystring: ZMemorialPageQuery, response: { 200: ZMemorialPage } }, config: { public: true } }, async (req, reply) => {
    reply.headers({ ...NO_INDEX, 'cache-control': 'no-store' });
    return getMemorialPage(req.baseCtx, req.actor ?? null, req.params.token, req.query.cursor);
  });
  app.get(`${page}/photo`, { schema: { tags, params: ZMemorialTokenParams }, config: { public: true } }, async (req, reply) => {
    reply.headers(NO_INDEX);
    return sendStoredFile(req.baseCtx, await memorialPagePhoto(req.baseCtx, req.actor ?? null, req.params.token), reply, { inline: true });
  });
  app.post(
    `${page}/messages`,
    { schema: { tags, params: ZMemorialTokenParams, body: ZGuestbookMessage, response: { 202: z.object({ message: z.string() }) } }, config: { public: true, rateLimit: GUESTBOOK_RATE_LIMIT } },
    async (req, reply) => {
      await leaveGuestbookMessage(req.baseCtx, req.actor ?? null, req.params.token, req.body);
      return reply.code(202).headers(NO_INDEX).send({ message: GUESTBOOK_THANKS });
    },
  );
}
