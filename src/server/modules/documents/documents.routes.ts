import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../core/common.schemas.ts';
import {
  ZCreateFolderRequest,
  ZDocument,
  ZDocumentFolder,
  ZDocumentList,
  ZDocumentListQuery,
  ZDocumentVersionList,
  ZDocumentVersionParams,
  ZUpdateDocumentRequest,
} from '../../../core/documents.schemas.ts';
import { ZShareRequest } from '../../../core/sharing.schemas.ts';
import { deleteDocument } from './delete-document.ts';
import { deleteDocumentVersion, listDocumentVersions } from './document-versions.ts';
import { createFolder, deleteFolder } from './folders.ts';
import { getDocument } from './get-document.ts';
import { listDocuments } from './list-documents.ts';
import { replaceDocumentFile } from './replace-document-file.ts';
import { shareDocument } from './share-document.ts';
import { updateDocument } from './update-document.ts';
import { uploadDocument } from './upload-document.ts';

export async function documentsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];

  app.get(
    '/api/v1/documents',
    { schema: { tags, querystring: ZDocumentListQuery, response: { 200: ZDocumentList } }, config: { permission: 'read:document:own' } },
    async (req) => listDocuments(req.ctx, req.query),
  );
  app.post(
    '/api/v1/documents',
    {
      schema: {
        tags,
        summary: 'Upload a document (multipart: title, type, optional folderId, then file; PDF, DOC or DOCX up to 10 MB)',
        consumes: ['multipart/form-data'],
        response: { 201: ZDocument },
      },
      config: { permission: 'create:document:own' },
    },
    async (req, reply) => reply.code(201).send(await uploadDocument(req.ctx, req.parts())),
  );
  app.get(
    '/api/v1/documents/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZDocument } }, config: { permission: 'read:document:own' } },
    async (req) => getDocument(req.ctx, req.params.id),
  );
  app.patch(
    '/api/v1/documents/:id',
    { schema: { tags, params: ZIdParams, body: ZUpdateDocumentRequest, response: { 200: ZDocument } }, config: { permission: 'update:document:own' } },
    async (req) => updateDocument(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/api/v1/documents/:id',
    { schema: { tags, params: ZIdParams }, config: { permission: 'delete:document:own' } },
    async (req, reply) => {
      await deleteDocument(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );
  app.post(
    '/api/v1/documents/:id/file',
    {
      schema: {
        tags,
        params: ZIdParams,
        summary: 'Replace the document\'s file (multipart: file; PDF, DOC or DOCX up to 10 MB); the previous file is kept as an earlier version',
        consumes: ['multipart/form-data'],
        response: { 200: ZDocument },
      },
      config: { permission: 'update:document:own' },
    },
    async (req) => replaceDocumentFile(req.ctx, req.params.id, req.parts()),
  );
  app.get(
    '/api/v1/documents/:id/versions',
    { schema: { tags, params: ZIdParams, response: { 200: ZDocumentVersionList } }, config: { permission: 'read:document:own' } },
    async (req) => listDocumentVersions(req.ctx, req.params.id),
  );
  app.delete(
    '/api/v1/documents/:id/versions/:version',
    { schema: { tags, params: ZDocumentVersionParams }, config: { permission: 'delete:document:own' } },
    async (req, reply) => {
      await deleteDocumentVersion(req.ctx, req.params.id, req.params.version);
      return reply.code(204).send();
    },
  );
  app.put(
    '/api/v1/documents/:id/share',
    { schema: { tags, params: ZIdParams, body: ZShareRequest, response: { 200: ZDocument } }, config: { permission: 'update:document:own' } },
    async (req) => shareDocument(req.ctx, req.params.id, req.body),
  );
  app.post(
    '/api/v1/document-folders',
    { schema: { tags, body: ZCreateFolderRequest, response: { 201: ZDocumentFolder } }, config: { permission: 'create:document:own' } },
    async (req, reply) => reply.code(201).send(await createFolder(req.ctx, req.body)),
  );
  app.delete(
    '/api/v1/document-folders/:id',
    { schema: { tags, params: ZIdParams }, config: { permission: 'delete:document:own' } },
    async (req, reply) => {
      await deleteFolder(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );
}
