import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type TApiError } from '../../core/errors.ts';
import { plainFieldMessage } from '../../core/plain-messages.ts';
import { AppError } from '../lib/app-error.ts';
import { UNANSWERED_MESSAGE, unansweredDependency } from '../lib/unanswered.ts';
import { storageFailureOf } from '../storage/storage-errors.ts';

export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): FastifyReply {
  const body: TApiError = { error: { code, message, ...(fields ? { fields } : {}) } };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

const FASTIFY_CODES: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, ERROR_CODES.badRequest, 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, ERROR_CODES.badRequest, 'The request body is empty but JSON was declared.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, ERROR_CODES.tooLarge, 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, ERROR_CODES.unsupportedMedia, 'That content type is not accepted here.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, ERROR_CODES.badRequest, 'The Content-Length header does not match the body.'],
  FST_ERR_CTP_INVALID_TYPE: [400, ERROR_CODES.badRequest, 'The Content-Type header is not valid.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, ERROR_CODES.unsupportedMedia, 'This endpoint expects a multipart form upload.'],
  FST_REQ_FILE_TOO_LARGE: [413, ERROR_CODES.tooLarge, 'The file is too large.'],
  FST_FILES_LIMIT: [413, ERROR_CODES.tooLarge, 'Too many files in one upload.'],
  FST_PARTS_LIMIT: [413, ERROR_CODES.tooLarge, 'Too many parts in one upload.'],
  FST_FIELDS_LIMIT: [413, ERROR_CODES.tooLarge, 'Too many fields in one upload.'],
  FST_ERR_BAD_URL: [400, ERROR_CODES.badRequest, 'The address is not valid.'],
};

const MALFORMED_MULTIPART = /^Multipart: Boundary not found$|unexpected end of multipart data$|^Malformed part header$/i;

/** Turn zod issues (instancePath like "/email") into `{ email: message }`. */
function fieldsFrom(validation: { instancePath: string; message?: string | undefined; params?: unknown }[]) {
  const fields: Record<string, string> = {};
  for (const issue of validation) {
    let key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const params = issue.params as { keys?: string[]; issue?: { code?: string; keys?: string[] } } | undefined;
    const unknownKeys = params?.issue?.code === 'unrecognized_keys' ? params.issue.keys : params?.keys;
    if (unknownKeys?.length) {
      for (const k of unknownKeys) fields[key ? `${key}.${k}` : k] = 'Unknown field';
      continue;
    }
    if (!key) key = '_';
    fields[key] ??= plainFieldMessage(key.split('.').pop(), issue.message ?? 'Invalid value');
  }
  return fields;
}

/**
 * One error format for everything: `{ error: { code, message, fields? } }`.
 * Domain errors keep their status; framework errors map to a 4xx; anything else is a logged 500
 * whose body says nothing about internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return sendError(reply, error.status, error.code, error.message, error.fields);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const fields = fieldsFrom(error.validation);
      const what = where === 'params' ? 'address' : where === 'querystring' ? 'query' : 'request';
      return sendError(reply, 400, ERROR_CODES.validation, `Some of the ${what} fields are not valid.`, fields);
    }

    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return sendError(reply, known[0], known[1], known[2]);

    // The multipart parser's own errors carry no code: a missing boundary, a body cut off mid-part.
    if (MALFORMED_MULTIPART.test(error.message ?? '')) {
      return sendError(reply, 400, ERROR_CODES.badRequest, 'The upload is not a complete multipart form. Send it again.');
    }

    if (error.statusCode === 429) {
      return sendError(reply, 429, ERROR_CODES.rateLimited, 'Too many attempts. Please wait a minute and try again.');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, ERROR_CODES.badRequest, error.message || 'The request could not be processed.');
    }

    // A frozen or unreachable database or store (ADR 0086): a clear 503 the client may retry.
    const unanswered = unansweredDependency(error);
    if (unanswered) {
      request.log.error({ err: error }, `${unanswered} not answering`);
      return sendError(reply.header('retry-after', '30'), 503, ERROR_CODES.unavailable, UNANSWERED_MESSAGE);
    }

    request.log.error({ err: error }, storageFailureOf(error) ? 'storage error' : 'unhandled error');
    return sendError(reply, 500, ERROR_CODES.internal, 'Something went wrong on our side. Please try again.');
  });
});
