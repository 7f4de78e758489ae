import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../../core/common.schemas.ts';
import { ZInventory, ZInventoryEntry, ZInventoryEntryCreate, ZInventoryEntryParams, ZInventoryEntryPatch, ZInventoryQuery, ZLetterAnswer, ZLetterSent } from '../../../core/inventory.schemas.ts';
import { attachment } from '../../lib/attachment.ts';
import { inventoryCsv, inventoryPdf } from './export-inventory.ts';
import { getInventory } from './get-inventory.ts';
import { institutionLetterBundle, institutionLetterPdf } from './institution-letter.ts';
import { markLetterSent, recordLetterAnswer } from './record-letter.ts';
import { addInventoryEntry, deleteInventoryEntry, updateInventoryEntry } from './save-inventory-entry.ts';

/** The estate's inventory (issue 28): entries, their totals and exports, and the letters to institutions. */
export async function inventoryRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['inventory'];
  const url = '/api/v1/estates/:id/inventory';
  const entryUrl = `${url}/:entryId`;
  app.get(url, { schema: { tags, params: ZIdParams, querystring: ZInventoryQuery, response: { 200: ZInventory } }, config: { permission: 'read:settlement:own' } }, async (req) =>
    getInventory(req.ctx, req.params.id, req.query),
  );
  app.post(url, { schema: { tags, params: ZIdParams, body: ZInventoryEntryCreate, response: { 201: ZInventoryEntry } }, config: { permission: 'create:settlement:own' } }, async (req, reply) =>
    reply.code(201).send(await addInventoryEntry(req.ctx, req.params.id, req.body)),
  );
  app.patch(
    entryUrl,
    { schema: { tags, params: ZInventoryEntryParams, body: ZInventoryEntryPatch, response: { 200: ZInventoryEntry } }, config: { permission: 'update:settlement:own' } },
    async (req) => updateInventoryEntry(req.ctx, req.params.id, req.params.entryId, req.body),
  );
  app.delete(entryUrl, { schema: { tags, params: ZInventoryEntryParams, response: { 204: z.null() } }, config: { permission: 'delete:settlement:own' } }, async (req, reply) => {
    await deleteInventoryEntry(req.ctx, req.params.id, req.params.entryId);
    return reply.code(204).send(null);
  });
  app.get(`${url}.csv`, { schema: { tags, params: ZIdParams, produces: ['text/csv'] }, config: { permission: 'read:settlement:own' } }, async (req, reply) => {
    const { body, fileName } = await inventoryCsv(req.ctx, req.params.id);
    return attachment(reply, 'text/csv; charset=utf-8; header=present', fileName).send(body);
  });
  app.get(`${url}.pdf`, { schema: { tags, params: ZIdParams, produces: ['application/pdf'] }, config: { permission: 'read:settlement:own' } }, async (req, reply) => {
    const { body, fileName } = await inventoryPdf(req.ctx, req.params.id);
    return attachment(reply, 'application/pdf', fileName).send(body);
  });
  app.get(`${entryUrl}/letter.pdf`, { schema: { tags, params: ZInventoryEntryParams, produces: ['application/pdf'] }, config: { permission: 'read:settlement:own' } }, async (req, reply) => {
    const { body, fileName } = await institutionLetterPdf(req.ctx, req.params.id, req.params.entryId);
    return attachment(reply, 'application/pdf', fileName).send(body);
  });
  app.get(`${entryUrl}/letter.zip`, { schema: { tags, params: ZInventoryEntryParams, produces: ['application/zip'] }, config: { permission: 'read:settlement:own' } }, async (req, reply) => {
    const { body, fileName } = await institutionLetterBundle(req.ctx, req.params.id, req.params.entryId);
    return attachment(reply, 'application/zip', fileName).send(body);
  });
  app.post(
    `${entryUrl}/letter/sent`,
    { schema: { tags, params: ZInventoryEntryParams, body: ZLetterSent, response: { 200: ZInventoryEntry } }, config: { permission: 'update:settlement:own' } },
    async (req) => markLetterSent(req.ctx, req.params.id, req.params.entryId, req.body),
  );
  app.post(
    `${entryUrl}/letter/answer`,
    { schema: { tags, params: ZInventoryEntryParams, body: ZLetterAnswer, response: { 200: ZInventoryEntry } }, config: { permission: 'update:settlement:own' } },
    async (req) => recordLetterAnswer(req.ctx, req.params.id, req.params.entryId, req.body),
  );
}
