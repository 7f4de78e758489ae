import { z } from 'zod';
import { zId } from './common.schemas.ts';

/**
 * Keyset cursors: the position of the last row a list page showed, written by the server and given
 * back as-is by the browser. A cursor the server did not write is bad input (400), never ignored.
 */
const NOT_OURS = 'Not a cursor this list gave: start from the first page';
// What Date#toISOString writes, or PostgreSQL's microseconds (server/lib/keyset.ts cursorTime) — no
// years past 9999, which the database refuses.
const INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})(\d{3})?Z$/;

/**
 * Newest-first lists: "<instant>|<uuid>" of the last row. The instant stays text: a JavaScript Date
 * would drop the microseconds PostgreSQL stores, and rows of the same millisecond would be skipped.
 */
export const zTimeCursor = z
  .string()
  .max(200)
  .transform((raw, ctx) => {
    const [at = '', id = '', ...rest] = raw.split('|');
    const millis = INSTANT.exec(at)?.[1];
    const real = millis !== undefined && new Date(`${millis}Z`).toISOString() === `${millis}Z`;
    if (!rest.length && real && zId.safeParse(id).success) return { at, id };
    ctx.addIssue({ code: 'custom', message: NOT_OURS });
    return z.NEVER;
  });
/** `at`: the row's time as server/lib/keyset.ts cursorTime selected it, to the microsecond. */
export const timeCursorOf = (at: string, id: string) => `${at}|${id}`;

/** Lists in name order: "<uuid>|<name>" of the last row (the name may itself hold a "|"). */
export const zNameCursor = z
  .string()
  .max(400)
  .transform((raw, ctx) => {
    const id = raw.slice(0, 36);
    if (raw.charAt(36) === '|' && zId.safeParse(id).success) return { id, name: raw.slice(37) };
    ctx.addIssue({ code: 'custom', message: NOT_OURS });
    return z.NEVER;
  });
export const nameCursorOf = (name: string, id: string) => `${id}|${name}`;

/**
 * Lists ordered by a calendar day, newest first (a memory's date): "<YYYY-MM-DD>|<uuid>" of the last
 * row; rows of the same day follow in id order, so none is skipped or shown twice.
 */
export const zDayCursor = z
  .string()
  .max(100)
  .transform((raw, ctx) => {
    const [day = '', id = '', ...rest] = raw.split('|');
    const real = /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00.000Z`).toISOString().startsWith(day);
    if (!rest.length && real && zId.safeParse(id).success) return { day, id };
    ctx.addIssue({ code: 'custom', message: NOT_OURS });
    return z.NEVER;
  });
export const dayCursorOf = (day: string, id: string) => `${day}|${id}`;

export type TTimeCursor = z.output<typeof zTimeCursor>;
export type TDayCursor = z.output<typeof zDayCursor>;
export type TNameCursor = z.output<typeof zNameCursor>;
