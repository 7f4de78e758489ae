import type { z } from 'zod';
import { badRequest } from './app-error.ts';
import { ZStorableText } from './storable-text.ts';

/** Validates multipart form fields with a core schema; failures are a 400 naming the fields (as for JSON bodies). */
export function parseFormFields<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const storable = ZStorableText.safeParse(value);
  const parsed = storable.success ? schema.safeParse(value) : storable;
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key.slice(0, 40)] = 'Unknown field';
      continue;
    }
    fields[String(issue.path[0] ?? '_')] ??= issue.message;
  }
  throw badRequest(`Some of the ${what} fields are not valid.`, fields);
}

/** A JSON-valued form field, validated. */
export function parseJsonFormField<S extends z.ZodType>(schema: S, raw: string, what: string): z.infer<S> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(`The ${what} is not valid JSON.`);
  }
  return parseFormFields(schema, value, what);
}
