import type { TestApp } from '../helpers.ts';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** the route as Fastify names it: `/api/v1/memories/:id` */
  url: string;
  summary: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

/** Every operation of the server's own OpenAPI document (served at /api/docs/json outside production). */
export async function operationsOf(t: TestApp): Promise<Operation[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`the OpenAPI document answered ${res.statusCode}`);
  const doc = res.json() as { paths: Record<string, Record<string, { summary?: string; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>> };
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      operations.push({
        method: method.toUpperCase(),
        url: path.replace(/\{([^}]+)\}/g, ':$1'),
        summary: op.summary ?? '',
        parameters: op.parameters ?? [],
        body: op.requestBody?.content['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

/** True for the routes that take a multipart upload (they say so in their summary; their body is not JSON). */
export const takesUpload = (op: Pick<Operation, 'summary'>) => /multipart/i.test(op.summary);

const FORMATS: Record<string, string> = {
  uuid: '00000000-0000-4000-8000-000000000000',
  email: 'someone@example.com',
  date: '2027-03-01',
  'date-time': '2027-03-01T10:00:00.000Z',
  uri: 'https://example.com/',
  time: '10:00',
};

/** A value the schema accepts, as small as it allows: the body a careful client would send. */
export function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) return sampleOf(choice.find((c) => c.type !== 'null') ?? choice[0]);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => sampleOf(s) as object));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format];
      const length = Math.min(Math.max(schema.minLength ?? 0, 8), schema.maxLength ?? 8);
      return 'Sample text'.padEnd(length, 'x').slice(0, Math.max(length, 1));
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? Math.min(1, schema.maximum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items));
    case 'object':
    default: {
      if (!schema.properties) return {};
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sampleOf(schema.properties[key]);
      return out;
    }
  }
}
