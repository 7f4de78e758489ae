import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ZStorableText } from '../lib/storable-text.ts';

/**
 * Request validation with the routes' zod schemas, after one check every route shares: no text the
 * database cannot store (a NUL byte, a broken character) in the body, query or params — refused
 * with a 400 naming the field, in the same format as any other validation failure.
 */
export const validationPlugin = fp(async (app: FastifyInstance) => {
  app.setValidatorCompiler<z.ZodType>((route) => {
    const storable = validatorCompiler({ ...route, schema: ZStorableText });
    const own = validatorCompiler(route);
    return (data) => {
      const checked = storable(data);
      return typeof checked === 'object' && 'error' in checked && checked.error ? checked : own(data);
    };
  });
  app.setSerializerCompiler(serializerCompiler);
});
