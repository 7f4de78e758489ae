import { z } from 'zod';

/** Text PostgreSQL cannot store: NUL (text and jsonb refuse it) and unpaired UTF-16 surrogates (not valid UTF-8). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Contains a character that cannot be stored (a NUL byte or a broken character)';

const MAX_DEPTH = 32;

/** Where in a request's body, query or params there is text that cannot be stored (keys included). */
export function unstorableTextPaths(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? [path] : [];
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return [];
  const found: (string | number)[][] = [];
  if (Array.isArray(value)) {
    value.forEach((item, i) => found.push(...unstorableTextPaths(item, [...path, i], depth + 1)));
    return found;
  }
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) found.push([...path, key.replace(/[^\w.-]/g, '?').slice(0, 40)]);
    else found.push(...unstorableTextPaths(item, [...path, key], depth + 1));
  }
  return found;
}

/**
 * Checked before every route's own schema (plugins/validation.ts) and for multipart form fields:
 * such text would otherwise reach the database and fail there as a 500.
 */
export const ZStorableText = z.unknown().superRefine((value, ctx) => {
  for (const path of unstorableTextPaths(value)) ctx.addIssue({ code: 'custom', path, message: UNSTORABLE_TEXT_MESSAGE });
});
