import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../core/common.schemas.ts';
import { ZFileQuery } from '../../../core/files.schemas.ts';
import { sendStoredFile, sweepOrphans } from '../../storage/stored-files.ts';
import { getOwnFile } from './get-own-file.ts';

export async function filesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // Debris of a crash or an abandoned upload (pending rows, temporary blobs) is removed at startup.
  app.addHook('onReady', async () => {
    try {
      const swept = await sweepOrphans(app.deps);
      if (swept.rows || swept.blobs) app.log.info(swept, 'removed unfinished uploads');
    } catch (error) {
      app.log.warn({ err: error }, 'could not sweep unfinished uploads');
    }
  });

  app.get(
    '/api/v1/files/:id',
    {
      schema: { tags: ['files'], params: ZIdParams, querystring: ZFileQuery, summary: 'Download (or, for PDF and images, display) a stored file' },
      config: { permission: 'read:file:own' },
    },
    async (req, reply) => sendStoredFile(req.ctx, await getOwnFile(req.ctx, req.params.id), reply, { inline: req.query.inline === '1' }),
  );
}
