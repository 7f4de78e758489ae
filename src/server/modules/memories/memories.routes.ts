import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../core/common.schemas.ts';
import {
  ZAddNoteRequest,
  ZMemory,
  ZMemoryList,
  ZMemoryListQuery,
  ZMemoryMediaParams,
  ZMemoryNote,
  ZReorderMediaRequest,
  ZUpdateMemoryRequest,
} from '../../../core/memories.schemas.ts';
import { ZShareRequest } from '../../../core/sharing.schemas.ts';
import { addMemoryMedia } from './add-memory-media.ts';
import { addMemoryNote } from './add-memory-note.ts';
import { createMemory } from './create-memory.ts';
import { deleteMemory } from './delete-memory.ts';
import { getMemory } from './get-memory.ts';
import { listMemories } from './list-memories.ts';
import { removeMemoryMedia } from './remove-memory-media.ts';
import { reorderMemoryMedia } from './reorder-memory-media.ts';
import { shareMemory } from './share-memory.ts';
import { updateMemory } from './update-memory.ts';
import { getSealedStory } from './get-sealed-story.ts';
import { ZSealedPart } from '../../../core/estate-seal.schemas.ts';

export async function memoriesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['memories'];

  app.get(
    '/api/v1/memories',
    { schema: { tags, querystring: ZMemoryListQuery, response: { 200: ZMemoryList } }, config: { permission: 'read:memory:own' } },
    async (req) => listMemories(req.ctx, req.query),
  );
  app.post(
    '/api/v1/memories',
    {
      schema: {
        tags,
        summary: 'Create a memory (multipart: `data` JSON, then `story` fields and `photo`/`video`/`audio` files in order)',
        consumes: ['multipart/form-data'],
        response: { 201: ZMemory },
      },
      config: { permission: 'create:memory:own' },
    },
    async (req, reply) => reply.code(201).send(await createMemory(req.ctx, req.parts())),
  );
  app.get(
    '/api/v1/memories/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZMemory } }, config: { permission: 'read:memory:own' } },
    async (req) => getMemory(req.ctx, req.params.id),
  );
  app.patch(
    '/api/v1/memories/:id',
    { schema: { tags, params: ZIdParams, body: ZUpdateMemoryRequest, response: { 200: ZMemory } }, config: { permission: 'update:memory:own' } },
    async (req) => updateMemory(req.ctx, req.params.id, req.body),
  );
  app.post(
    '/api/v1/memories/:id/media',
    {
      schema: {
        tags,
        params: ZIdParams,
        summary: 'Add media to a memory (multipart: `story` fields and `photo`/`video`/`audio` files in order, after its items)',
        consumes: ['multipart/form-data'],
        response: { 201: ZMemory },
      },
      config: { permission: 'update:memory:own' },
    },
    async (req, reply) => reply.code(201).send(await addMemoryMedia(req.ctx, req.params.id, req.parts())),
  );
  app.delete(
    '/api/v1/memories/:id/media/:mediaId',
    { schema: { tags, params: ZMemoryMediaParams, response: { 200: ZMemory } }, config: { permission: 'update:memory:own' } },
    async (req) => removeMemoryMedia(req.ctx, req.params.id, req.params.mediaId),
  );
  app.get(
    '/api/v1/memories/:id/media/:mediaId/sealed',
    { schema: { tags, params: ZMemoryMediaParams, summary: 'A sealed story as sealed (the owner opens it with the Owner Kit)', response: { 200: ZSealedPart } }, config: { permission: 'read:memory:own' } },
    async (req) => getSealedStory(req.ctx, req.params.id, req.params.mediaId),
  );
  app.put(
    '/api/v1/memories/:id/media/order',
    { schema: { tags, params: ZIdParams, body: ZReorderMediaRequest, response: { 200: ZMemory } }, config: { permission: 'update:memory:own' } },
    async (req) => reorderMemoryMedia(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/api/v1/memories/:id',
    { schema: { tags, params: ZIdParams }, config: { permission: 'delete:memory:own' } },
    async (req, reply) => {
      await deleteMemory(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );
  app.post(
    '/api/v1/memories/:id/notes',
    { schema: { tags, params: ZIdParams, body: ZAddNoteRequest, response: { 201: ZMemoryNote } }, config: { permission: 'update:memory:own' } },
    async (req, reply) => reply.code(201).send(await addMemoryNote(req.ctx, req.params.id, req.body)),
  );
  app.put(
    '/api/v1/memories/:id/share',
    { schema: { tags, params: ZIdParams, body: ZShareRequest, response: { 200: ZMemory } }, config: { permission: 'update:memory:own' } },
    async (req) => shareMemory(req.ctx, req.params.id, req.body),
  );
}
