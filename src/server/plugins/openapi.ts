import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the zod schemas: UI at /api/docs, JSON at /api/docs/json — only when config.apiDocs is on. */
export const openapiPlugin = fp(async (app: FastifyInstance, opts: { enabled: boolean }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Heirloom API', version: '1' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'heirloom_session' },
          csrf: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (opts.enabled) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
