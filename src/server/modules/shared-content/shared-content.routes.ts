import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../core/common.schemas.ts';
import {
  ZContentAccess,
  ZSharedDocumentPage,
  ZSharedDocumentsQuery,
  ZSharedEstate,
  ZSharedFileQuery,
  ZSharedHome,
  ZSharedLetterPage,
  ZSharedLettersQuery,
  ZSharedMemoriesQuery,
  ZSharedMemoryPage,
  ZSharedMemoryDetail,
} from '../../../core/shared-content.schemas.ts';
import { downloadSharedFile } from './download-shared-file.ts';
import { getContentAccess } from './get-content-access.ts';
import { getSharedEstate } from './get-shared-estate.ts';
import { getSharedHome } from './get-shared-home.ts';
import { getSharedMemory } from './get-shared-memory.ts';
import { listSharedDocuments } from './list-shared-documents.ts';
import { listSharedMemories } from './list-shared-memories.ts';
import { pageSharedLetters } from './shared-views.ts';

/** The beneficiary's read-only view of what owners shared with them; every route goes through src/server/access. */
export async function sharedContentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['shared-content'];
  const config = { permission: 'read:shared-content:own' } as const;

  app.get('/api/v1/shared/home', { schema: { tags, response: { 200: ZSharedHome } }, config }, async (req) => getSharedHome(req.ctx));
  app.get('/api/v1/shared/access', { schema: { tags, response: { 200: ZContentAccess } }, config }, async (req) => getContentAccess(req.ctx));
  app.get(
    '/api/v1/shared/memories',
    { schema: { tags, querystring: ZSharedMemoriesQuery, response: { 200: ZSharedMemoryPage } }, config },
    async (req) => listSharedMemories(req.ctx, req.query),
  );
  app.get(
    '/api/v1/shared/memories/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZSharedMemoryDetail } }, config },
    async (req) => getSharedMemory(req.ctx, req.params.id),
  );
  app.get(
    '/api/v1/shared/documents',
    { schema: { tags, querystring: ZSharedDocumentsQuery, response: { 200: ZSharedDocumentPage } }, config },
    async (req) => listSharedDocuments(req.ctx, req.query),
  );
  app.get(
    '/api/v1/shared/letters',
    { schema: { tags, querystring: ZSharedLettersQuery, response: { 200: ZSharedLetterPage } }, config },
    async (req) => pageSharedLetters(req.ctx, req.query),
  );
  app.get(
    '/api/v1/shared/estates/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZSharedEstate } }, config },
    async (req) => getSharedEstate(req.ctx, req.params.id),
  );
  app.get(
    '/api/v1/shared/files/:id',
    { schema: { tags, params: ZIdParams, querystring: ZSharedFileQuery }, config },
    async (req, reply) => downloadSharedFile(req.ctx, req.params.id, reply, req.query.inline === '1' || req.query.inline === 'true'),
  );
}
