import { z } from 'zod';
import { zId } from './common.schemas.ts';

/**
 * Keyset cursors (ADR 0031): the sort-key values of the last row a list page showed, as base64url of
 * their JSON array, written by the server (server/lib/keyset.ts keysetPage) and given back as-is by
 * the browser, which never reads one. A cursor the server did not write is bad input (400), never
 * ignored.
 */
const NOT_OURS = 'Not a cursor this list gave: start from the first page';
/** Above any cursor the server writes: a 241-character name at 3 bytes a character is about 1,000. */
const CURSOR_MAX_LENGTH = 2000;

/** A real calendar day written YYYY-MM-DD (Date.parse first: an impossible month is NaN, and toISOString of it would throw). */
const isDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00.000Z`)) && new Date(`${day}T00:00:00.000Z`).toISOString().startsWith(day);
// What Date#toISOString writes, or PostgreSQL's microseconds (server/lib/keyset.ts cursorTime) — no
// years past 9999, which the database refuses.
const INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})(\d{3})?Z$/;

/** Whether `at` is an instant as the server writes them, and a real one. */
function realInstant(at: string): boolean {
  const millis = INSTANT.exec(at)?.[1];
  // Date.parse first: an impossible month is NaN, and toISOString of it would throw (a 500, not a 400).
  return millis !== undefined && !Number.isNaN(Date.parse(`${millis}Z`)) && new Date(`${millis}Z`).toISOString() === `${millis}Z`;
}

export type CursorValue = string | number;
const zDay = z.string().refine(isDay);
const zInstant = z.string().refine(realInstant);
/** PostgreSQL's 'infinity': where a list puts a row without the date or time, last. */
const zNone = z.literal('infinity');

/** The kinds of value a sort key is made of, each as the server writes it into a cursor. */
const CURSOR_FIELDS = {
  /**
   * A time as cursorTime selects it, to the microsecond. It stays text: a JavaScript Date would drop
   * the microseconds PostgreSQL stores, and rows of the same millisecond would be skipped.
   */
  instant: zInstant,
  /** An optional time (a future message's due time), or 'infinity' for none. */
  dueInstant: z.union([zInstant, zNone]),
  day: zDay,
  /** An optional calendar day (a task's due date), or 'infinity' for none. */
  dueDay: z.union([zDay, zNone]),
  id: zId,
  /** A bigserial id (the audit log's), as text: it may pass 2^53. */
  serial: z.string().regex(/^[1-9]\d{0,17}$/),
  name: z.string(),
  /** A search rank: PostgreSQL's real as text (it reads back to the same value). */
  rank: z.string().regex(/^\d+(\.\d+)?(e-?\d+)?$/),
  /** A rank the server computes: a status or a priority as 0, 1, 2 … */
  ordinal: z.number().int().min(0).max(9),
} satisfies Record<string, z.ZodType<CursorValue>>;

export type CursorField = keyof typeof CURSOR_FIELDS;
/** The values of a cursor of these fields, in their order. */
export type CursorOf<F extends readonly CursorField[]> = { -readonly [I in keyof F]: z.output<(typeof CURSOR_FIELDS)[F[I]]> };

/** The cursor of a row whose sort key is `values`. */
export function encodeCursor(values: readonly CursorValue[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(values));
  return btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The JSON a cursor holds, or undefined when it is not base64url of UTF-8 JSON. */
function decodeCursor(raw: string): unknown {
  if (raw.length > CURSOR_MAX_LENGTH || !/^[\w-]*$/.test(raw)) return undefined;
  try {
    const binary = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch {
    return undefined;
  }
}

/**
 * The `cursor` of a list whose sort key is `fields` (e.g. ['instant', 'id'] for newest first by
 * time then id), read back to the key's values; anything else, another list's cursor included when
 * its key differs, is a 400 in words.
 */
export function zCursor<const F extends readonly CursorField[]>(fields: F) {
  return z.string().transform((raw, ctx): CursorOf<F> => {
    const values = decodeCursor(raw);
    if (Array.isArray(values) && values.length === fields.length) {
      const read = fields.map((field, i) => CURSOR_FIELDS[field].safeParse(values[i]));
      const key = read.every((r) => r.success) ? read.map((r) => r.data as CursorValue) : undefined;
      // Only the encoding the server writes: no padding, no spaces in the JSON, no spare bits.
      if (key && encodeCursor(key) === raw) return key as CursorOf<F>;
    }
    ctx.addIssue({ code: 'custom', message: NOT_OURS });
    return z.NEVER;
  });
}

/** Most rows one page of any list may ask for. */
export const PAGE_SIZE_MAX = 100;
/** `limit` of a list's query: a whole number from 1 to PAGE_SIZE_MAX, `size` when left out. */
export const zPageSize = (size: number) =>
  z.coerce.number().int().min(1).max(PAGE_SIZE_MAX, { message: `Ask for at most ${PAGE_SIZE_MAX} at a time` }).default(size);
